package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C (SIGINT/SIGTERM) on a node with a running task says what the shutdown waits for and for
 * how long, says how the wait ended, and a second signal cuts the wait short (the task is released
 * with re-entry, not lost).
 */
@Tag("slow")
class ShutdownNoticeTest {
  private static final String TOKEN = "shutdown-notice-token";
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Map<String, String> ENV = Map.of("ORDO_SHUTDOWN_GRACE_PERIOD", "300");

  private NodeProcess nodes;

  @BeforeEach
  void createDataDirectory() {
    nodes = new NodeProcess(TOKEN);
  }

  @AfterEach
  void stopEverything() {
    nodes.close();
  }

  @Test
  void sigterm_withARunningTask_namesItAndTheGracePeriod_andSaysWhenItFinished() throws Exception {
    NodeProcess.Started node = nodes.start("finishing", ENV);
    String id = startSleeping(node, 8_000);

    node.process().destroy();
    String output =
        node.awaitOutput(
            "waiting up to 300 s for 1 running task (io.ordo.samples.SleepTask " + id + ")", WAIT);
    assertTrue(output.contains("press Ctrl-C again to release it now"), output);
    assertTrue(node.process().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), node.log());
    String all = node.awaitOutput("Ordo stopped.", WAIT);
    assertTrue(all.contains("Shutdown: every running task finished after"), all);
  }

  @Test
  void aSecondSigterm_stopsTheWait_andReleasesTheTaskWithReEntry() throws Exception {
    NodeProcess.Started node = nodes.start("hurried", ENV);
    String id = startSleeping(node, 600_000);

    node.process().destroy();
    node.awaitOutput("waiting up to 300 s for 1 running task", WAIT);
    node.process().destroy(); // the second Ctrl-C
    assertTrue(node.process().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), node.log());
    String output = node.awaitOutput("Ordo stopped.", WAIT);
    assertTrue(
        output.contains("stopped waiting on request; releasing 1 unfinished task with re-entry"),
        output);
    assertEquals(143, node.process().exitValue(), "128 + SIGTERM, as for one signal");

    // released with re-entry: back in the queue on the next start, not lost
    NodeProcess.Started again = nodes.start("restarted", Map.of("ORDO_SHUTDOWN_GRACE_PERIOD", "1"));
    try (Api api = new Api(again.port(), TOKEN)) {
      List<String> events = new Tasks(api).eventTypes(id);
      assertTrue(events.containsAll(List.of("TaskReleased", "TaskReentered")), events.toString());
    }
  }

  private static String startSleeping(NodeProcess.Started node, long millis) {
    try (Api api = new Api(node.port(), TOKEN)) {
      Tasks tasks = new Tasks(api);
      String id = tasks.parallel("Sleep", new JsonObject().put("millis", millis));
      tasks.await(id, "RUNNING");
      return id;
    }
  }
}
