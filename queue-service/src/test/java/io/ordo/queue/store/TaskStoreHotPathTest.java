package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.PlanProfile;
import io.ordo.db.Pools;
import io.ordo.history.HistoryStore;
import io.ordo.lock.LockOwnerStore;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskState;
import io.ordo.queue.store.TaskStore.ClaimedRow;
import io.ordo.queue.store.TaskStore.Hold;
import io.ordo.queue.store.TaskStore.Moved;
import io.ordo.queue.store.TaskStore.Removed;
import io.ordo.queue.store.TaskStore.Scheduling;
import io.ordo.queue.store.TaskStore.Settling;
import io.ordo.queue.store.TaskStore.Stepped;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The hot path's statements against PostgreSQL (schema V7): registration writes the task, its
 * context and the start of its history in one statement; a claim accepts oldest-first for a live
 * owner only, one task per serial queue, never past a runnable serial head it leaves behind; start
 * and finish act on the holds still held and answer per hold; an unstarted message can be removed.
 */
@ExtendWith(VertxExtension.class)
class TaskStoreHotPathTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");
  private static final Instant ACCEPTED_AT = BASE.plusSeconds(3600);
  private static final Instant STARTED_AT = ACCEPTED_AT.plusSeconds(1);
  private static final String[] RUNNING = {"RUNNING"};

  private final TaskStore tasks = new TaskStore();
  private final QueueStore queues = new QueueStore();
  private final LockOwnerStore owners = new LockOwnerStore();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    TestDatabase.truncate();
    // planned as the queue service plans them
    pool = Pools.create(vertx, TestDatabase.address(), 4, "test", PlanProfile.HOT_PATH);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  // ---- registration ----

  @Test
  void insertScheduled_answersWhetherItFedAnActiveQueue(VertxTestContext ctx) {
    queues
        .ensureParallelQueue(pool, TENANT, BASE)
        .compose(v -> tasks.insertScheduled(pool, List.of(parallel(null, BASE))))
        .compose(
            fed -> {
              assertTrue(fed, "a message in the active parallel queue");
              return queues.setActive(
                  pool, TENANT, QueueKind.PARALLEL, QueueStore.PARALLEL_QUEUE_ID, false);
            })
        .compose(v -> tasks.insertScheduled(pool, List.of(parallel(null, BASE.plusMillis(1)))))
        .compose(
            fed -> {
              assertFalse(fed, "a message in the inactive parallel queue");
              return serialQueue("s-1");
            })
        .compose(
            v ->
                tasks.insertScheduled(
                    pool,
                    List.of(
                        parallel(null, BASE.plusMillis(2)), serial("s-1", 1, BASE.plusMillis(3)))))
        .onComplete(
            ctx.succeeding(
                fed ->
                    ctx.verify(
                        () -> {
                          assertTrue(fed, "one of them in an active serial queue");
                          ctx.completeNow();
                        })));
  }

  @Test
  void insertScheduled_writesWaitingTask_context_andTaskScheduledEvent1_butNoHistoryHeader(
      VertxTestContext ctx) {
    Instant now = BASE.plusSeconds(7);
    List<Scheduling> batch = new ArrayList<>();
    java.util.concurrent.atomic.AtomicLong firstPosition =
        new java.util.concurrent.atomic.AtomicLong();
    queues
        .ensureParallelQueue(pool, TENANT, BASE)
        .compose(
            v -> {
              // no position given: a parallel message takes its position from a sequence as
              // it is inserted
              batch.add(parallel(null, now));
              batch.add(parallel(null, now.plusMillis(1)));
              return pool.withTransaction(tx -> tasks.insertScheduled(tx, batch));
            })
        .compose(v -> taskRow(id(batch.get(0))))
        .compose(
            task -> {
              NewTask t = batch.get(0).task();
              assertEquals("WAITING", task.getString("state"));
              assertTrue(task.getBoolean("waiting"));
              assertEquals("P", task.getString("queue_kind"));
              assertEquals("", task.getString("queue_id"));
              firstPosition.set(task.getLong("position"));
              assertEquals(1L, task.getLong("last_event_id"));
              assertEquals(1L, task.getLong("scheduled_event_id"));
              assertEquals(0L, task.getLong("lock_version"));
              assertEquals(0, task.getInteger("attempt"));
              assertNull(task.getUUID("lock_owner_id"));
              assertEquals(now, task.getOffsetDateTime("received_at").toInstant());
              assertEquals(t.parameter(), task.getValue("parameter"));
              return contextRow(id(batch.get(0)));
            })
        .compose(
            context -> {
              assertNotNull(context, "context row");
              assertEquals("alice", context.getString("principal"));
              assertEquals("de-CH", context.getString("locale"));
              assertEquals(batch.get(0).context().attributes(), context.getValue("attributes"));
              return headerRow(id(batch.get(0)));
            })
        .compose(
            header -> {
              // the header is written once, when the history closes
              assertNull(header, "no history header row while the task is open");
              return new HistoryStore().header(pool, TENANT, id(batch.get(0)).toString());
            })
        .compose(
            header -> {
              // the open task's header, as readers get it, comes from its events
              assertTrue(header.isPresent(), "an open task's history has a header to read");
              assertEquals("task", header.get().kind());
              assertTrue(header.get().open());
              assertNull(header.get().closedAt());
              assertEquals(1L, header.get().lastEventId());
              assertEquals(now, header.get().startedAt());
              assertEquals(new JsonObject(), header.get().summary());
              return events(id(batch.get(0)));
            })
        .compose(
            events -> {
              assertEquals(1, events.size(), "only TaskScheduled");
              Row event = events.get(0);
              assertEquals(1L, event.getLong("event_id"));
              assertEquals("TaskScheduled", event.getString("event_type"));
              assertEquals(now, event.getOffsetDateTime("event_time").toInstant());
              assertEquals(batch.get(0).scheduled(), event.getValue("attributes"));
              // the second message of the batch got its own rows, at its own position
              return taskRow(id(batch.get(1)));
            })
        .compose(
            second -> {
              assertEquals("WAITING", second.getString("state"));
              assertTrue(
                  second.getLong("position") > firstPosition.get(),
                  "the second message of the batch is behind the first");
              return Future.all(
                  contextRow(id(batch.get(1))),
                  headerRow(id(batch.get(1))),
                  events(id(batch.get(1))));
            })
        .map(
            all -> {
              assertNotNull(all.resultAt(0), "context of the second message");
              assertNull(all.resultAt(1), "no header row for the second message either");
              List<Row> events = all.resultAt(2);
              assertEquals(List.of("TaskScheduled"), types(events));
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  // ---- claim ----

  @Test
  void claim_liveOwner_movesWaitingParallelToReady_bumpsVersion_writesTaskAccepted_withContexts(
      VertxTestContext ctx) {
    Scheduling m0 = parallel(1L, BASE.plusSeconds(1));
    Scheduling m1 = parallel(2L, BASE.plusSeconds(2));
    Scheduling m2 = parallel(3L, BASE.plusSeconds(3));
    UUID owner = UUID.randomUUID();
    parallelQueueWith(m0, m1, m2)
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 10, 10))
        .compose(
            claimed -> {
              assertEquals(Set.copyOf(ids(m0, m1, m2)), Set.copyOf(claimedIds(claimed)));
              assertEquals(3, claimed.size());
              for (ClaimedRow row : claimed) {
                assertEquals(1L, row.version(), "lock version bumped from 0");
                assertEquals(2L, row.acceptedEventId());
                assertEquals(ACCEPTED_AT, row.acceptedAt());
                assertEquals("runner-a", row.node());
                assertEquals(0, row.attempt());
                assertEquals(QueueKind.PARALLEL, row.kind());
                assertNotNull(row.context(), "context answered");
                assertEquals("alice", row.context().principal());
                assertEquals(
                    new JsonObject().put("message", row.messageId()), row.context().attributes());
              }
              return forEach(claimed, row -> checkAccepted(row, owner, "runner-a"));
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  /**
   * The runner queues prefetched parallel messages in the order of the claim's answer, so the
   * answer itself must be oldest received first, whatever order the rows lie in the table.
   */
  @Test
  void claim_answersOldestReceivedFirst_evenWhenRegisteredOutOfOrder(VertxTestContext ctx) {
    Scheduling m0 = parallel(1L, BASE.plusSeconds(1));
    Scheduling m1 = parallel(2L, BASE.plusSeconds(2));
    Scheduling m2 = parallel(3L, BASE.plusSeconds(3));
    UUID owner = UUID.randomUUID();
    parallelQueueWith(m2, m0, m1)
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 10, 10))
        .map(
            claimed -> {
              assertEquals(ids(m0, m1, m2), claimedIds(claimed), "oldest received first");
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void claim_capacitySmallerThanBacklog_takesOnlyThatManyOldest(VertxTestContext ctx) {
    Scheduling m0 = parallel(1L, BASE.plusSeconds(1));
    Scheduling m1 = parallel(2L, BASE.plusSeconds(2));
    Scheduling m2 = parallel(3L, BASE.plusSeconds(3));
    Scheduling m3 = parallel(4L, BASE.plusSeconds(4));
    UUID owner = UUID.randomUUID();
    parallelQueueWith(m3, m1, m2, m0)
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 2, 2))
        .compose(
            claimed -> {
              assertEquals(Set.copyOf(ids(m0, m1)), Set.copyOf(claimedIds(claimed)));
              assertEquals(2, claimed.size());
              return states(m0, m1, m2, m3);
            })
        .map(
            states -> {
              assertEquals(List.of("READY", "READY", "WAITING", "WAITING"), states);
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void claim_ownerWhoseLeaseExpired_claimsNothing(VertxTestContext ctx) {
    Scheduling m0 = parallel(1L, BASE.plusSeconds(1));
    Scheduling m1 = parallel(2L, BASE.plusSeconds(2));
    UUID owner = UUID.randomUUID();
    parallelQueueWith(m0, m1)
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> expire(owner))
        .compose(v -> claim(owner, 10, 10))
        .compose(
            claimed -> {
              assertEquals(List.of(), claimed);
              return states(m0, m1);
            })
        .compose(
            states -> {
              assertEquals(List.of("WAITING", "WAITING"), states);
              return Future.all(events(id(m0)), events(id(m1)));
            })
        .map(
            all -> {
              assertEquals(List.of("TaskScheduled"), types(all.resultAt(0)));
              assertEquals(List.of("TaskScheduled"), types(all.resultAt(1)));
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  // ---- serial queues ----

  @Test
  void claim_serialCapacity1_takesExactlyOneSerialHead_andNeverTheMessageBehindAHeadInProgress(
      VertxTestContext ctx) {
    Scheduling a1 = serial("a", 1, BASE.plusSeconds(1));
    Scheduling b1 = serial("b", 1, BASE.plusSeconds(2));
    Scheduling a2 = serial("a", 2, BASE.plusSeconds(3));
    Scheduling b2 = serial("b", 2, BASE.plusSeconds(4));
    UUID owner = UUID.randomUUID();
    serialQueue("a")
        .compose(v -> serialQueue("b"))
        .compose(v -> register(a1, b1, a2, b2))
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 10, 1))
        .compose(
            first -> {
              assertEquals(ids(a1), claimedIds(first), "one serial head, the oldest");
              assertEquals(QueueKind.SERIAL, first.get(0).kind());
              assertEquals("a", first.get(0).queueId());
              return claim(owner, 10, 10);
            })
        .compose(
            second -> {
              // a's head is in progress: a2 waits; b's head is free to go
              assertEquals(ids(b1), claimedIds(second));
              return claim(owner, 10, 10);
            })
        .compose(
            third -> {
              assertEquals(List.of(), third, "both serial queues are busy");
              return states(a1, b1, a2, b2);
            })
        .map(
            states -> {
              assertEquals(List.of("READY", "READY", "WAITING", "WAITING"), states);
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void claim_serialCapacity0_takesOnlyParallelMessagesOlderThanTheRunnableSerialHead(
      VertxTestContext ctx) {
    Scheduling p1 = parallel(1L, BASE.plusSeconds(1));
    Scheduling p2 = parallel(2L, BASE.plusSeconds(2));
    Scheduling head = serial("a", 1, BASE.plusSeconds(3));
    Scheduling p4 = parallel(3L, BASE.plusSeconds(4));
    Scheduling p5 = parallel(4L, BASE.plusSeconds(5));
    UUID owner = UUID.randomUUID();
    serialQueue("a")
        .compose(v -> parallelQueueWith(p5, p4, p2, p1, head))
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 10, 0))
        .compose(
            claimed -> {
              assertEquals(
                  Set.copyOf(ids(p1, p2)),
                  Set.copyOf(claimedIds(claimed)),
                  "nothing younger than the head");
              assertEquals(2, claimed.size());
              return states(p1, p2, head, p4, p5);
            })
        .map(
            states -> {
              assertEquals(List.of("READY", "READY", "WAITING", "WAITING", "WAITING"), states);
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void claim_settlingSerialQueue_takesNothingReceivedAfterItsNextHead(VertxTestContext ctx) {
    SettlingScene scene = new SettlingScene();
    UUID owner = UUID.randomUUID();
    List<TaskStore.SerialQueue> settlingA = List.of(new TaskStore.SerialQueue(TENANT, "a"));
    claimFirstOf(scene, owner)
        .compose(
            first -> {
              assertEquals(ids(scene.a1), claimedIds(first));
              // a1 ended on the owner; its outcome is on its way: a3 is not runnable yet, and
              // b4 and p5, received after it, must not overtake it
              return pool.withTransaction(
                  tx ->
                      tasks.claim(
                          tx,
                          owner,
                          10,
                          10,
                          List.of(TYPE),
                          new Settling(null, settlingA),
                          ACCEPTED_AT));
            })
        .compose(
            second -> {
              assertEquals(ids(scene.p2), claimedIds(second), "only what came before a3");
              return claim(owner, 10, 10);
            })
        .compose(
            third -> {
              // without the settling queue (its outcome applied, a1 still in progress here),
              // the younger ones go
              assertEquals(Set.copyOf(ids(scene.b4, scene.p5)), Set.copyOf(claimedIds(third)));
              return states(scene.a1, scene.p2, scene.a3, scene.b4, scene.p5);
            })
        .map(
            states -> {
              assertEquals(List.of("READY", "READY", "WAITING", "READY", "READY"), states);
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void claim_answersASerialHeadsRunnableNextHead_andAClaimGivenItTakesNothingReceivedAfterIt(
      VertxTestContext ctx) {
    SettlingScene scene = new SettlingScene();
    UUID owner = UUID.randomUUID();
    claimFirstOf(scene, owner)
        .compose(
            first -> {
              assertEquals(ids(scene.a1), claimedIds(first));
              assertEquals(
                  scene.a3.task().receivedAt(),
                  first.get(0).nextHeadReceivedAt(),
                  "a1's claim answers the message behind it");
              // a1 ended on the owner and its outcome is on its way: the owner names a3's time
              // instead of the queue, and nothing received after a3 is taken
              Settling known = new Settling(first.get(0).nextHeadReceivedAt(), List.of());
              return pool.withTransaction(
                  tx -> tasks.claim(tx, owner, 10, 10, List.of(TYPE), known, ACCEPTED_AT));
            })
        .compose(
            second -> {
              assertEquals(ids(scene.p2), claimedIds(second), "only what came before a3");
              assertNull(second.get(0).nextHeadReceivedAt(), "a parallel message has none");
              return claim(owner, 10, 10);
            })
        .map(
            third -> {
              assertEquals(Set.copyOf(ids(scene.b4, scene.p5)), Set.copyOf(claimedIds(third)));
              assertTrue(
                  third.stream().allMatch(row -> row.nextHeadReceivedAt() == null),
                  "b4 has nothing behind it, p5 is parallel");
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void claim_answersNoNextHead_whenTheMessageBehindTheHeadIsNotRunnableYet(VertxTestContext ctx) {
    Scheduling a1 = serial("a", 1, BASE.plusSeconds(1));
    // delayed past the claim's time: not runnable at the claim, so the owner must have it
    // looked up while a1's outcome is on its way (its time may come meanwhile)
    Scheduling a2 = delayedSerial("a", 2, BASE.plusSeconds(2), ACCEPTED_AT.plusSeconds(60));
    UUID owner = UUID.randomUUID();
    serialQueue("a")
        .compose(v -> parallelQueueWith(a1, a2))
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 1, 1))
        .map(
            claimed -> {
              assertEquals(ids(a1), claimedIds(claimed));
              assertNull(claimed.get(0).nextHeadReceivedAt());
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  /**
   * Serial queue a (a1, a3), serial queue b (b4) and the parallel queue (p2, p5), received a second
   * apart in that order.
   */
  private static final class SettlingScene {
    final Scheduling a1 = serial("a", 1, BASE.plusSeconds(1));
    final Scheduling p2 = parallel(1L, BASE.plusSeconds(2));
    final Scheduling a3 = serial("a", 2, BASE.plusSeconds(3));
    final Scheduling b4 = serial("b", 1, BASE.plusSeconds(4));
    final Scheduling p5 = parallel(2L, BASE.plusSeconds(5));
  }

  /** Registers the scene's messages and claims the oldest, a1, for {@code owner}. */
  private Future<List<ClaimedRow>> claimFirstOf(SettlingScene scene, UUID owner) {
    return serialQueue("a")
        .compose(v -> serialQueue("b"))
        .compose(v -> parallelQueueWith(scene.p2, scene.p5, scene.a1, scene.a3, scene.b4))
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 1, 1));
  }

  // ---- start ----

  @Test
  void start_movesReadyToRunning_fresh_andARepeatAnswersNotFreshWithoutASecondChange(
      VertxTestContext ctx) {
    Scheduling m0 = parallel(1L, BASE.plusSeconds(1));
    Scheduling m1 = parallel(2L, BASE.plusSeconds(2));
    UUID owner = UUID.randomUUID();
    List<Hold> holds = new ArrayList<>();
    parallelQueueWith(m0, m1)
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 10, 10))
        .compose(
            claimed -> {
              claimed.forEach(row -> holds.add(hold(row, owner)));
              return start(holds);
            })
        .compose(
            first -> {
              assertEquals(2, first.size());
              for (Optional<Stepped> stepped : first) {
                assertTrue(stepped.isPresent(), "held: started");
                assertEquals(3L, stepped.get().eventId());
                assertEquals(1, stepped.get().attempt());
                assertTrue(stepped.get().fresh());
                assertEquals(STARTED_AT, stepped.get().time());
              }
              return forEach(holds, h -> checkRunning(h, 3L, 1));
            })
        .compose(v -> start(holds))
        .compose(
            repeat -> {
              assertEquals(2, repeat.size());
              for (Optional<Stepped> stepped : repeat) {
                assertTrue(stepped.isPresent(), "a repeat is answered");
                assertFalse(stepped.get().fresh(), "a repeat changes nothing");
                assertEquals(3L, stepped.get().eventId());
                assertEquals(1, stepped.get().attempt());
              }
              return forEach(holds, h -> checkRunning(h, 3L, 1));
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void start_batchWithStaleHolds_answersEmptyExactlyForThose_andMovesTheOthers(
      VertxTestContext ctx) {
    LostHolds four = new LostHolds();
    UUID b = UUID.randomUUID();
    List<Hold> holds = new ArrayList<>();
    heldByTwoOwners(four, b)
        .compose(
            held -> {
              holds.add(held.get(0));
              holds.add(held.get(3)); // stale by expiry, in the middle of the batch
              holds.add(staleVersion(held.get(1)));
              holds.add(held.get(2));
              return expire(b);
            })
        .compose(v -> start(holds))
        .compose(
            results -> {
              // holds: m0 (held), m3 (owner expired), m1 (wrong version), m2 (held)
              assertEquals(4, results.size());
              assertTrue(results.get(0).isPresent());
              assertFalse(results.get(1).isPresent(), "owner's lease expired");
              assertFalse(results.get(2).isPresent(), "wrong lock version");
              assertTrue(results.get(3).isPresent());
              assertTrue(results.get(0).get().fresh());
              assertTrue(results.get(3).get().fresh());
              return states(four.m0, four.m1, four.m2, four.m3);
            })
        .compose(
            states -> {
              assertEquals(List.of("RUNNING", "READY", "RUNNING", "READY"), states);
              return Future.all(taskRow(id(four.m1)), taskRow(id(four.m3)));
            })
        .map(
            all -> {
              for (int i = 0; i < 2; i++) {
                Row stale = all.resultAt(i);
                assertEquals(0, stale.getInteger("attempt"));
                assertEquals(2L, stale.getLong("last_event_id"));
                assertNull(stale.getValue("started_event_id"));
              }
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  // ---- finish ----

  @Test
  void finish_batchWithLostHolds_deletesOnlyHeldRunningRowsAndTheirContexts_alignedAnswers(
      VertxTestContext ctx) {
    LostHolds lost = new LostHolds();
    runningBatchWithLostHolds(lost)
        .compose(v -> pool.withTransaction(tx -> tasks.finish(tx, lost.batch, RUNNING)))
        .compose(
            results -> {
              assertEquals(4, results.size());
              checkFinished(results.get(0), lost.m0);
              assertFalse(results.get(1).isPresent(), "wrong lock version");
              assertFalse(results.get(2).isPresent(), "owner's lease expired");
              checkFinished(results.get(3), lost.m2);
              List<Future<Row>> rows = new ArrayList<>(taskRows(lost));
              rows.addAll(
                  List.of(
                      contextRow(id(lost.m0)),
                      contextRow(id(lost.m1)),
                      contextRow(id(lost.m2)),
                      contextRow(id(lost.m3))));
              return Future.all(rows);
            })
        .map(
            all -> {
              assertNull(all.resultAt(0), "m0 deleted");
              assertEquals("RUNNING", ((Row) all.resultAt(1)).getString("state"));
              assertNull(all.resultAt(2), "m2 deleted");
              assertEquals("RUNNING", ((Row) all.resultAt(3)).getString("state"));
              assertNull(all.resultAt(4), "m0's context deleted with it");
              assertNotNull(all.resultAt(5), "m1's context stays");
              assertNull(all.resultAt(6), "m2's context deleted with it");
              assertNotNull(all.resultAt(7), "m3's context stays");
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  // ---- start and finish at once ----

  @Test
  void startAndFinish_batchWithLostHolds_deletesOnlyHeldReadyRows_withTaskStarted_answersBothSteps(
      VertxTestContext ctx) {
    LostHolds four = new LostHolds();
    UUID b = UUID.randomUUID();
    List<Hold> holds = new ArrayList<>();
    heldByTwoOwners(four, b)
        .compose(held -> start(List.of(held.get(2))).map(started -> held))
        .compose(
            held -> {
              holds.add(held.get(0));
              holds.add(held.get(3)); // its owner's lease expired
              holds.add(staleVersion(held.get(1)));
              holds.add(held.get(2)); // started already: not READY
              return expire(b);
            })
        .compose(
            v ->
                pool.withTransaction(
                    tx ->
                        tasks.startAndFinish(
                            tx, holds, Collections.nCopies(holds.size(), STARTED_AT))))
        .compose(
            results -> {
              assertEquals(4, results.size());
              assertTrue(results.get(0).isPresent(), "held and READY");
              assertFalse(results.get(1).isPresent(), "owner's lease expired");
              assertFalse(results.get(2).isPresent(), "wrong lock version");
              assertFalse(results.get(3).isPresent(), "RUNNING already");
              Stepped start = results.get(0).get().start();
              assertEquals(3L, start.eventId());
              assertEquals(1, start.attempt());
              assertTrue(start.fresh());
              assertEquals(STARTED_AT, start.time());
              assertEquals(1, start.attributes().getInteger("attempt"));
              assertEquals("runner-a", start.attributes().getString("node"));
              // as the finish of the RUNNING message would have answered it
              checkFinished(Optional.of(results.get(0).get().end()), four.m0);
              assertEquals(STARTED_AT, results.get(0).get().end().info().startTime());
              return Future.all(
                  states(four.m0, four.m1, four.m2, four.m3),
                  contextRow(id(four.m0)),
                  events(id(four.m0)));
            })
        .map(
            all -> {
              assertEquals(Arrays.asList(null, "READY", "RUNNING", "READY"), all.resultAt(0));
              assertNull(all.resultAt(1), "m0's context deleted with it");
              List<Row> events = all.resultAt(2);
              assertEquals(3, events.size());
              Row started = events.get(2);
              assertEquals(3L, started.getLong("event_id"));
              assertEquals("TaskStarted", started.getString("event_type"));
              assertEquals(STARTED_AT, started.getOffsetDateTime("event_time").toInstant());
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  // ---- requeue ----

  @Test
  void requeue_batchWithLostHolds_putsOnlyHeldRowsBackAtTheirPositions_alignedAnswers(
      VertxTestContext ctx) {
    LostHolds lost = new LostHolds();
    runningBatchWithLostHolds(lost)
        .compose(
            v -> {
              // m0 released, m2 rejected (backs off), and m0 named twice: the repeat finds it moved
              List<Hold> batch = new ArrayList<>(lost.batch);
              batch.add(batch.get(0));
              return pool.withTransaction(
                  tx ->
                      tasks.requeue(
                          tx,
                          batch,
                          RUNNING,
                          List.of(-10L, -11L, -12L, -13L, -14L),
                          List.of(2, 2, 2, 3, 2),
                          List.of(false, false, false, true, false)));
            })
        .compose(
            results -> {
              assertEquals(5, results.size());
              assertTrue(results.get(0).isPresent(), "m0 held: requeued");
              assertEquals(TaskState.WAITING, results.get(0).get().info().state());
              assertEquals(5L, results.get(0).get().lastEventId(), "3 + the 2 events reserved");
              assertEquals(3L, results.get(0).get().startedEventId(), "the run that ended");
              assertFalse(results.get(1).isPresent(), "wrong lock version");
              assertFalse(results.get(2).isPresent(), "owner's lease expired");
              assertTrue(results.get(3).isPresent(), "m2 held: requeued");
              assertEquals(6L, results.get(3).get().lastEventId(), "3 + the 3 events reserved");
              assertFalse(results.get(4).isPresent(), "a repeat finds m0 moved already");
              return Future.all(taskRows(lost));
            })
        .map(
            all -> {
              Row r0 = all.resultAt(0);
              assertEquals("WAITING", r0.getString("state"));
              assertEquals(-10L, r0.getLong("position"), "m0 at the position given for it");
              assertNull(r0.getUUID("lock_owner_id"), "m0's hold given up");
              assertNull(r0.getValue("not_before"), "released: no back-off");
              assertEquals(0, r0.getInteger("rejections"));
              assertEquals("RUNNING", ((Row) all.resultAt(1)).getString("state"));
              Row r2 = all.resultAt(2);
              assertEquals("WAITING", r2.getString("state"));
              assertEquals(-13L, r2.getLong("position"), "m2 at the position given for it");
              assertNotNull(r2.getValue("not_before"), "rejected: backs off");
              assertEquals(1, r2.getInteger("rejections"));
              assertEquals("RUNNING", ((Row) all.resultAt(3)).getString("state"));
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  // ---- sweeps: messages the transaction locked ----

  @Test
  void lockedBatches_requeueRetryAndDelete_oneStatementEach_answerInTheOrderGiven(
      VertxTestContext ctx) {
    LostHolds lost = new LostHolds();
    Instant nextAttempt = STARTED_AT.plusSeconds(60);
    runningBatchWithLostHolds(lost)
        .compose(
            v ->
                pool.withTransaction(
                    tx ->
                        tasks
                            .requeueLocked(
                                tx,
                                List.of(
                                    new TaskStore.Requeue(
                                        TENANT, lost.m2.task().messageId(), -20, 1, 1),
                                    new TaskStore.Requeue(
                                        TENANT, lost.m0.task().messageId(), -21, 0, 2)))
                            .compose(
                                lastEventIds -> {
                                  assertEquals(List.of(4L, 5L), lastEventIds, "m2's, then m0's");
                                  return tasks.retry(
                                      tx,
                                      List.of(
                                          new TaskStore.RetryAt(
                                              TENANT, lost.m3.task().messageId(), nextAttempt)));
                                })
                            .compose(
                                retried -> {
                                  assertEquals(1, retried.size());
                                  assertEquals(
                                      lost.m3.task().messageId(),
                                      retried.get(0).info().messageId());
                                  assertEquals(3L, retried.get(0).startedEventId(), "the run");
                                  assertEquals(4L, retried.get(0).lastEventId());
                                  return tasks.deleteLocked(
                                      tx,
                                      List.<String[]>of(
                                          new String[] {TENANT, lost.m1.task().messageId()}));
                                })))
        .compose(
            v -> {
              List<Future<Row>> rows = new ArrayList<>(taskRows(lost));
              rows.add(contextRow(id(lost.m1)));
              return Future.all(rows);
            })
        .compose(
            all -> {
              Row r0 = all.resultAt(0);
              assertEquals("WAITING", r0.getString("state"));
              assertEquals(-21L, r0.getLong("position"));
              assertEquals(0, r0.getInteger("lease_expiries"));
              assertNull(r0.getUUID("lock_owner_id"));
              assertNull(all.resultAt(1), "m1 deleted");
              assertNull(all.resultAt(4), "m1's context deleted with it");
              Row r2 = all.resultAt(2);
              assertEquals("WAITING", r2.getString("state"));
              assertEquals(-20L, r2.getLong("position"));
              assertEquals(1, r2.getInteger("lease_expiries"));
              Row r3 = all.resultAt(3);
              assertEquals("WAITING", r3.getString("state"));
              assertEquals(1, r3.getInteger("failures"));
              assertEquals(nextAttempt, r3.getOffsetDateTime("not_before").toInstant());
              assertNull(r3.getValue("started_event_id"));
              // a retry of a message that is not running any more is refused, not half-applied
              return pool.withTransaction(
                  tx ->
                      tasks.retry(
                          tx,
                          List.of(
                              new TaskStore.RetryAt(
                                  TENANT, lost.m0.task().messageId(), nextAttempt))));
            })
        .onComplete(
            ctx.failing(
                error ->
                    ctx.verify(
                        () -> {
                          assertTrue(error instanceof IllegalStateException, error.toString());
                          ctx.completeNow();
                        })));
  }

  @Test
  void heartbeat_batchWithLostHolds_recordsOnlyHeldOnes_andATwiceNamedMessageGetsItsLatest(
      VertxTestContext ctx) {
    LostHolds four = new LostHolds();
    UUID b = UUID.randomUUID();
    Instant early = STARTED_AT.plusSeconds(5);
    Instant late = STARTED_AT.plusSeconds(6);
    List<Hold> held = new ArrayList<>();
    heldByTwoOwners(four, b)
        .compose(
            holds -> {
              held.addAll(holds);
              return start(held);
            })
        .compose(v -> expire(b))
        .compose(
            v ->
                pool.withTransaction(
                    tx ->
                        tasks.heartbeat(
                            tx,
                            // m0 twice, m1 with a wrong version, m3's owner expired
                            List.of(
                                held.get(0),
                                staleVersion(held.get(1)),
                                held.get(3),
                                held.get(0),
                                held.get(2)),
                            java.util.Arrays.asList(
                                new JsonObject().put("step", 1),
                                "stale",
                                "expired",
                                new JsonObject().put("step", 2),
                                null),
                            List.of(early, late, late, late, late))))
        .compose(
            results -> {
              assertEquals(List.of(true, false, false, true, true), results);
              return Future.all(taskRow(id(four.m0)), taskRow(id(four.m1)), taskRow(id(four.m2)));
            })
        .map(
            rows -> {
              Row r0 = rows.resultAt(0);
              assertEquals(late, r0.getOffsetDateTime("last_heartbeat_at").toInstant());
              assertEquals(new JsonObject().put("step", 2), r0.getValue("heartbeat_details"));
              assertNull(((Row) rows.resultAt(1)).getValue("last_heartbeat_at"), "not held");
              Row r2 = rows.resultAt(2);
              assertEquals(late, r2.getOffsetDateTime("last_heartbeat_at").toInstant());
              assertNull(r2.getValue("heartbeat_details"));
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  /**
   * Four parallel messages, received one second apart, and a batch of reports on them, some of
   * whose holds are lost.
   */
  private static final class LostHolds {
    final Scheduling m0 = parallel(1L, BASE.plusSeconds(1));
    final Scheduling m1 = parallel(2L, BASE.plusSeconds(2));
    final Scheduling m2 = parallel(3L, BASE.plusSeconds(3));
    final Scheduling m3 = parallel(4L, BASE.plusSeconds(4));
    final List<Hold> batch = new ArrayList<>();
  }

  /** The task rows of the four messages, in message order. */
  private List<Future<Row>> taskRows(LostHolds lost) {
    return List.of(
        taskRow(id(lost.m0)), taskRow(id(lost.m1)), taskRow(id(lost.m2)), taskRow(id(lost.m3)));
  }

  /**
   * Runs the four messages and fills the batch in this order: m0 held, m1 with a stale lock
   * version, m3 of an owner whose lease expired meanwhile, m2 held.
   */
  private Future<Void> runningBatchWithLostHolds(LostHolds lost) {
    UUID b = UUID.randomUUID();
    List<Hold> held = new ArrayList<>();
    return heldByTwoOwners(lost, b)
        .compose(
            holds -> {
              held.addAll(holds);
              return start(held);
            })
        .compose(
            started -> {
              assertTrue(started.stream().allMatch(Optional::isPresent), "all running");
              lost.batch.add(held.get(0));
              lost.batch.add(staleVersion(held.get(1)));
              lost.batch.add(held.get(3));
              lost.batch.add(held.get(2));
              return expire(b);
            });
  }

  /**
   * Four waiting messages: the first three claimed by one live owner, the fourth by owner {@code
   * b}; answers their holds in message order.
   */
  private Future<List<Hold>> heldByTwoOwners(LostHolds four, UUID b) {
    Scheduling m0 = four.m0;
    Scheduling m1 = four.m1;
    Scheduling m2 = four.m2;
    Scheduling m3 = four.m3;
    UUID a = UUID.randomUUID();
    List<Hold> holds = new ArrayList<>();
    return parallelQueueWith(m0, m1, m2, m3)
        .compose(v -> liveOwner(a, "runner-a"))
        .compose(v -> liveOwner(b, "runner-b"))
        .compose(v -> claim(a, 3, 3))
        .compose(
            byA -> {
              assertEquals(Set.copyOf(ids(m0, m1, m2)), Set.copyOf(claimedIds(byA)));
              holds.add(hold(byA, m0, a));
              holds.add(hold(byA, m1, a));
              holds.add(hold(byA, m2, a));
              return claim(b, 1, 1);
            })
        .map(
            byB -> {
              assertEquals(ids(m3), claimedIds(byB));
              holds.add(hold(byB, m3, b));
              return holds;
            });
  }

  // ---- removal ----

  @Test
  void deleteUnstarted_removesWaitingAndReadyWithTheirContexts_butNotRunning(VertxTestContext ctx) {
    Scheduling running = parallel(1L, BASE.plusSeconds(1));
    Scheduling ready = parallel(2L, BASE.plusSeconds(2));
    Scheduling waiting = parallel(3L, BASE.plusSeconds(3));
    UUID owner = UUID.randomUUID();
    parallelQueueWith(running, ready, waiting)
        .compose(v -> liveOwner(owner, "runner-a"))
        .compose(v -> claim(owner, 2, 2))
        .compose(
            claimed -> {
              assertEquals(Set.copyOf(ids(running, ready)), Set.copyOf(claimedIds(claimed)));
              return start(List.of(hold(claimed, running, owner)));
            })
        .compose(
            started -> {
              assertTrue(started.get(0).isPresent());
              return deleteUnstarted(waiting);
            })
        .compose(
            removed -> {
              assertTrue(removed.isPresent(), "a WAITING message is removed");
              assertEquals(id(waiting).toString(), removed.get().info().messageId());
              assertEquals(TaskState.WAITING, removed.get().info().state());
              assertEquals(1L, removed.get().lastEventId());
              return deleteUnstarted(ready);
            })
        .compose(
            removed -> {
              assertTrue(removed.isPresent(), "a READY, unstarted message is removed");
              assertEquals(id(ready).toString(), removed.get().info().messageId());
              assertEquals(TaskState.READY, removed.get().info().state());
              assertEquals(2L, removed.get().lastEventId());
              return deleteUnstarted(running);
            })
        .compose(
            removed -> {
              assertFalse(removed.isPresent(), "a RUNNING message is not removed");
              return Future.all(
                  List.of(
                      taskRow(id(waiting)),
                      contextRow(id(waiting)),
                      taskRow(id(ready)),
                      contextRow(id(ready)),
                      taskRow(id(running)),
                      contextRow(id(running))));
            })
        .map(
            all -> {
              assertNull(all.resultAt(0), "WAITING row gone");
              assertNull(all.resultAt(1), "WAITING context gone");
              assertNull(all.resultAt(2), "READY row gone");
              assertNull(all.resultAt(3), "READY context gone");
              assertEquals("RUNNING", ((Row) all.resultAt(4)).getString("state"));
              assertNotNull(all.resultAt(5), "RUNNING context stays");
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  // ---- setup ----

  private static Scheduling parallel(Long position, Instant receivedAt) {
    return scheduling(QueueKind.PARALLEL, QueueStore.PARALLEL_QUEUE_ID, position, receivedAt);
  }

  private static Scheduling serial(String queueId, long position, Instant receivedAt) {
    return scheduling(QueueKind.SERIAL, queueId, position, receivedAt);
  }

  private static Scheduling delayedSerial(
      String queueId, long position, Instant receivedAt, Instant notBefore) {
    return scheduling(QueueKind.SERIAL, queueId, position, receivedAt, notBefore);
  }

  private static Scheduling scheduling(
      QueueKind kind, String queueId, Long position, Instant receivedAt) {
    return scheduling(kind, queueId, position, receivedAt, null);
  }

  private static Scheduling scheduling(
      QueueKind kind, String queueId, Long position, Instant receivedAt, Instant notBefore) {
    String id = UUID.randomUUID().toString();
    NewTask task =
        new NewTask(
            TENANT,
            id,
            kind,
            queueId,
            position,
            TYPE,
            null,
            new JsonObject().put("n", position),
            false,
            new JsonObject(),
            receivedAt,
            receivedAt,
            null,
            null,
            null,
            notBefore,
            null);
    ContextRow context =
        new ContextRow(
            "alice",
            "de-CH",
            "Europe/Zurich",
            null,
            null,
            new JsonObject().put("message", id),
            "operator");
    return new Scheduling(
        task, context, new JsonObject().put("queue", kind.apiName()).put("queueId", queueId));
  }

  private static UUID id(Scheduling s) {
    return UUID.fromString(s.task().messageId());
  }

  private static List<String> ids(Scheduling... scheduled) {
    List<String> ids = new ArrayList<>();
    for (Scheduling s : scheduled) {
      ids.add(s.task().messageId());
    }
    return ids;
  }

  private static List<String> claimedIds(List<ClaimedRow> claimed) {
    return claimed.stream().map(ClaimedRow::messageId).toList();
  }

  private static List<String> types(List<Row> events) {
    return events.stream().map(e -> e.getString("event_type")).toList();
  }

  private static Hold hold(ClaimedRow row, UUID owner) {
    return new Hold(row.tenant(), row.messageId(), owner.toString(), row.version());
  }

  /** The hold the owner got on the message in the claim's answer. */
  private static Hold hold(List<ClaimedRow> claimed, Scheduling s, UUID owner) {
    return hold(
        claimed.stream()
            .filter(row -> row.messageId().equals(s.task().messageId()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("not claimed: " + s.task().messageId())),
        owner);
  }

  private static Hold staleVersion(Hold hold) {
    return new Hold(hold.tenant(), hold.messageId(), hold.ownerId(), hold.version() + 1);
  }

  private Future<Void> parallelQueueWith(Scheduling... scheduled) {
    return queues.ensureParallelQueue(pool, TENANT, BASE).compose(v -> register(scheduled));
  }

  private Future<Void> serialQueue(String queueId) {
    return queues
        .addSerial(pool, TENANT, queueId, true, BASE)
        .map(
            added -> {
              assertTrue(added.isPresent(), "serial queue " + queueId + " added");
              return null;
            });
  }

  private Future<Void> register(Scheduling... scheduled) {
    return pool.withTransaction(tx -> tasks.insertScheduled(tx, List.of(scheduled))).mapEmpty();
  }

  private Future<Void> liveOwner(UUID owner, String node) {
    return owners.register(pool, owner, node, "runner", 4, Duration.ofMinutes(5)).mapEmpty();
  }

  private Future<Void> expire(UUID owner) {
    return pool.preparedQuery(
            "UPDATE ordo_lock_owner SET lease_expires_at = now() - interval '1 second'"
                + " WHERE owner_id = $1")
        .execute(Tuple.of(owner))
        .map(
            rows -> {
              assertEquals(1, rows.rowCount());
              return null;
            });
  }

  private Future<List<ClaimedRow>> claim(UUID owner, int capacity, int serialCapacity) {
    return pool.withTransaction(
        tx ->
            tasks.claim(
                tx, owner, capacity, serialCapacity, List.of(TYPE), Settling.NONE, ACCEPTED_AT));
  }

  private Future<List<Optional<Stepped>>> start(List<Hold> holds) {
    return pool.withTransaction(
        tx -> tasks.start(tx, holds, Collections.nCopies(holds.size(), STARTED_AT)));
  }

  private Future<Optional<Removed>> deleteUnstarted(Scheduling s) {
    return pool.withTransaction(tx -> tasks.deleteUnstarted(tx, TENANT, id(s), s.task().kind()));
  }

  // ---- reads and checks ----

  private Future<Row> one(String sql, UUID messageId) {
    return pool.preparedQuery(sql)
        .execute(Tuple.of(TENANT, messageId))
        .map(rows -> rows.size() == 0 ? null : rows.iterator().next());
  }

  private Future<Row> taskRow(UUID messageId) {
    return one("SELECT * FROM im_async_task_info WHERE tenant = $1 AND message_id = $2", messageId);
  }

  private Future<Row> contextRow(UUID messageId) {
    return one(
        "SELECT * FROM im_async_context_info WHERE tenant = $1 AND message_id = $2", messageId);
  }

  private Future<Row> headerRow(UUID messageId) {
    return one(
        "SELECT * FROM ordo_history_execution WHERE tenant = $1 AND execution_id = $2", messageId);
  }

  private Future<List<Row>> events(UUID messageId) {
    return pool.preparedQuery(
            "SELECT * FROM ordo_history_event WHERE tenant = $1 AND execution_id = $2"
                + " ORDER BY event_id")
        .execute(Tuple.of(TENANT, messageId))
        .map(
            rows -> {
              List<Row> list = new ArrayList<>();
              rows.forEach(list::add);
              return list;
            });
  }

  /** The states of the messages, in the order given (null for a message that is gone). */
  private Future<List<String>> states(Scheduling... scheduled) {
    List<Future<Row>> reads = new ArrayList<>();
    for (Scheduling s : scheduled) {
      reads.add(taskRow(id(s)));
    }
    return Future.all(reads)
        .map(
            all -> {
              List<String> states = new ArrayList<>();
              for (int i = 0; i < reads.size(); i++) {
                Row row = all.resultAt(i);
                states.add(row == null ? null : row.getString("state"));
              }
              return states;
            });
  }

  private static <T> Future<Void> forEach(
      List<T> items, java.util.function.Function<T, Future<Void>> check) {
    Future<Void> chain = Future.succeededFuture();
    for (T item : items) {
      chain = chain.compose(v -> check.apply(item));
    }
    return chain;
  }

  /** The claimed row is READY under the owner, and its history shows TaskAccepted as event 2. */
  private Future<Void> checkAccepted(ClaimedRow claimed, UUID owner, String node) {
    UUID messageId = UUID.fromString(claimed.messageId());
    return taskRow(messageId)
        .compose(
            task -> {
              assertEquals("READY", task.getString("state"));
              assertFalse(task.getBoolean("waiting"));
              assertEquals(owner, task.getUUID("lock_owner_id"));
              assertEquals(claimed.version(), task.getLong("lock_version"));
              assertEquals(node, task.getString("node"));
              assertEquals(ACCEPTED_AT, task.getOffsetDateTime("accept_at").toInstant());
              assertNotNull(task.getValue("claimed_at"));
              assertEquals(2L, task.getLong("last_event_id"));
              return events(messageId);
            })
        .map(
            events -> {
              assertEquals(List.of("TaskScheduled", "TaskAccepted"), types(events));
              Row accepted = events.get(1);
              assertEquals(2L, accepted.getLong("event_id"));
              assertEquals(ACCEPTED_AT, accepted.getOffsetDateTime("event_time").toInstant());
              JsonObject attributes = (JsonObject) accepted.getValue("attributes");
              assertEquals(node, attributes.getString("node"));
              assertEquals(claimed.version(), attributes.getLong("fencingToken"));
              return null;
            });
  }

  /** The held message is RUNNING with the given attempt, started at the given event. */
  private Future<Void> checkRunning(Hold hold, long eventId, int attempt) {
    return taskRow(UUID.fromString(hold.messageId()))
        .map(
            task -> {
              assertEquals("RUNNING", task.getString("state"));
              assertEquals(attempt, task.getInteger("attempt"));
              assertEquals(eventId, task.getLong("started_event_id"));
              assertEquals(eventId, task.getLong("last_event_id"));
              assertEquals(hold.version(), task.getLong("lock_version"));
              assertEquals(STARTED_AT, task.getOffsetDateTime("start_at").toInstant());
              return null;
            });
  }

  private static void checkFinished(Optional<Moved> moved, Scheduling s) {
    assertTrue(moved.isPresent(), "held: finished");
    assertEquals(s.task().messageId(), moved.get().info().messageId());
    assertEquals(TaskState.RUNNING, moved.get().info().state());
    assertEquals(1, moved.get().info().attempt());
    assertEquals(3L, moved.get().lastEventId());
    assertEquals(3L, moved.get().startedEventId());
  }
}
