package io.ordo.deploy.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.HistoryChecker;
import io.ordo.deploy.NodeProcess;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SPEC 5, "never a state change without its event, never an event without its state change": a node
 * is killed (kill -9) while hundreds of tasks are in flight (64 running, hundreds waiting, and
 * registrations still arriving) and restarted on the same data; afterwards every accepted message
 * has a gap-free, correctly ordered history that matches its final state.
 */
@Tag("slow")
class CompletenessAfterKillTest {
  private static final String TOKEN = "completeness-token";

  /**
   * Enough that hundreds are still in flight when the kill comes, however long the 20 late
   * registrations it waits for take on a busy machine: with 240, a run on a machine busy with other
   * builds had drained to 169 by then.
   */
  private static final int PARALLEL = 420;

  private static final int SERIAL_QUEUES = 6;
  private static final int PER_SERIAL_QUEUE = 10;

  /** Registered while the node is killed: some accepted, the rest refused by the dead node. */
  private static final int LATE = 300;

  private static final Map<String, String> ENV =
      Map.of(
          "ORDO_LOCK_LEASE", "3",
          "ORDO_LOCK_RENEWAL_PERIOD", "1",
          "ORDO_ROUND_INTERVAL", "1",
          "ORDO_MAX_THREADS", "64");

  private NodeProcess nodes;

  @BeforeEach
  void start() {
    nodes = new NodeProcess(TOKEN);
  }

  @AfterEach
  void stop() {
    nodes.close();
  }

  @Test
  void afterAKill9MidFlight_everyHistoryIsCompleteOrderedAndMatchesItsState() throws Exception {
    NodeProcess.Started first = nodes.start("first", ENV);
    List<String> ids = Collections.synchronizedList(new ArrayList<>());
    try (Api api = new Api(first.port(), TOKEN)) {
      Tasks tasks = new Tasks(api);
      for (int q = 0; q < SERIAL_QUEUES; q++) {
        tasks.addSerialQueue("kill.q" + q, false);
      }
      api.put("/parallel-queue/active", new JsonObject().put("active", false));
      ExecutorService clients = Executors.newFixedThreadPool(8);
      List<Future<?>> registrations = new ArrayList<>();
      Random random = new Random(42);
      for (int i = 0; i < PARALLEL; i++) {
        boolean fail = i % 6 == 0;
        JsonObject parameter =
            fail
                ? new JsonObject().put("message", "fail " + i)
                : new JsonObject().put("millis", 100 + random.nextInt(900));
        registrations.add(
            clients.submit(() -> ids.add(tasks.parallel(fail ? "Fail" : "Sleep", parameter))));
      }
      for (int q = 0; q < SERIAL_QUEUES; q++) {
        String queue = "kill.q" + q;
        registrations.add(
            clients.submit(
                () -> {
                  for (int i = 0; i < PER_SERIAL_QUEUE; i++) {
                    ids.add(
                        tasks.serial(queue, "Sleep", new JsonObject().put("millis", 200), false));
                  }
                }));
      }
      for (Future<?> registration : registrations) {
        registration.get();
      }
      int early = ids.size();
      // a backlog first, then all of it at once: hundreds wait while 64 run
      for (int q = 0; q < SERIAL_QUEUES; q++) {
        api.put("/serial-queues/kill.q" + q + "/active", new JsonObject().put("active", true));
      }
      api.put("/parallel-queue/active", new JsonObject().put("active", true));
      // kill while a good part has run, many run and many wait, and registrations still arrive:
      // the accepted ones count, the ones the dead node refused do not
      api.await(
          "/status?limit=1", r -> remaining(r.json()) < early * 5 / 6, Duration.ofSeconds(60));
      List<Future<?>> late = new ArrayList<>();
      for (int i = 0; i < LATE; i++) {
        JsonObject parameter = new JsonObject().put("millis", 100 + random.nextInt(900));
        late.add(
            clients.submit(
                () -> {
                  try {
                    ids.add(tasks.parallel("Sleep", parameter));
                  } catch (RuntimeException | AssertionError refused) {
                    // the node was killed under this request: not accepted
                  }
                }));
      }
      api.await("/health/live", r -> ids.size() >= early + 20, Duration.ofSeconds(30));
      JsonObject status = api.get("/status?limit=1").json();
      first.kill();
      for (Future<?> registration : late) {
        registration.get();
      }
      clients.shutdown();
      int inFlight = remaining(status);
      assertTrue(inFlight >= 200, "hundreds in flight at the kill: " + inFlight);
      System.out.println(
          "COMPLETENESS kill -9 with "
              + inFlight
              + " messages waiting or running; "
              + (ids.size() - early)
              + " of "
              + LATE
              + " late registrations accepted");
    }

    NodeProcess.Started second = nodes.start("second", ENV);
    try (Api api = new Api(second.port(), TOKEN)) {
      api.await("/status?limit=1", r -> remaining(r.json()) == 0, Duration.ofSeconds(120));
      Tasks tasks = new Tasks(api);
      List<String> problems = new ArrayList<>();
      int leaseExpiries = 0;
      for (String id : ids) {
        JsonObject info = api.get("/tasks/" + id).json();
        List<JsonObject> history = tasks.history(id);
        problems.addAll(HistoryChecker.problems(history, info));
        leaseExpiries +=
            (int)
                history.stream()
                    .filter(e -> "TaskLeaseExpired".equals(e.getString("eventType")))
                    .count();
        assertEquals("DISPOSED", info.getString("state"), id + " never finished");
      }
      assertEquals(List.of(), problems);
      assertTrue(ids.size() > PARALLEL + SERIAL_QUEUES * PER_SERIAL_QUEUE, "late ones accepted");
      assertTrue(leaseExpiries > 0, "the kill caught tasks in flight, recovered by lease expiry");
    }
  }

  /** Messages waiting or in progress, over every queue. */
  private static int remaining(JsonObject status) {
    JsonObject parallel = status.getJsonObject("parallelizedTasksInfo");
    int left = parallel.getInteger("waitingCount") + parallel.getInteger("runningCount");
    JsonObject serial = status.getJsonObject("serializedTasksInfo");
    for (String queue : serial.fieldNames()) {
      left +=
          serial.getJsonObject(queue).getInteger("waitingCount")
              + serial.getJsonObject(queue).getInteger("runningCount");
    }
    return left;
  }
}
