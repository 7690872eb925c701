package io.ordo.runner;

import io.ordo.bus.Addresses;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimRequest.SerialQueueRef;
import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.QueueServiceContact;
import io.ordo.bus.Requests;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A runner's claims: one in flight at a time, for the room its {@link Slots} leave (serial heads
 * only while it holds fewer tasks than threads), again at once while claims come back full or work
 * was announced meanwhile, and by itself a second after a claim that failed. Keeps the serial
 * queues whose task ended here and whose outcome is on its way: their next heads are not runnable
 * until the outcome is applied, and each claim names them so that nothing received after those
 * heads is taken meanwhile: by the oldest of their received times that the claims of the ended
 * heads answered ({@link ClaimRequest#settlingFrom}), and the queues whose next head it does not
 * know by their ids, for the claim to look up ({@link ClaimRequest#settling}). While more queues
 * than {@link #SETTLING_PER_THREAD} per thread are settling, it does not claim: outcomes that lag
 * behind the claims only pile up further if the claims go on (back-pressure; it claims again as
 * outcomes are applied). While short serial tasks it claimed run, the next claim waits for them
 * ({@link ClaimPacing}). Confined to the runner's event loop.
 */
final class ClaimLoop {
  private static final Logger LOG = LoggerFactory.getLogger(ClaimLoop.class);
  private static final long CLAIM_TIMEOUT_MS = 10_000;

  /**
   * After a claim failed (unanswered, refused, or the queue service's statement failed), the loop
   * claims again this much later by itself: work that was announced once (a delayed message whose
   * time came, a registration) must not wait for the next poll, a round-interval away.
   */
  static final long RETRY_AFTER_FAILURE_MS = 1_000;

  /**
   * The most settling queues a claim names, per thread of the runner. In a serial run of short
   * tasks (1,000 queues, one runner of 8 threads) about 24 were settling at each claim, three
   * claims' worth; runs whose report batches had slowed named 200-600, each looked up.
   */
  static final int SETTLING_PER_THREAD = 8;

  /** Told of each claim's outcome (for metrics). */
  interface Outcomes {
    /** A claim was answered {@code nanos} after it was sent, with {@code took} messages. */
    void answered(long nanos, int took);

    /** A claim failed: unanswered, refused, or its statement failed. */
    void failed();
  }

  /** What the claims are for: the claiming owner and what it runs. */
  record Claimant(Supplier<String> ownerId, String node, List<String> taskTypes) {}

  private final Vertx vertx;
  private final Claimant claimant;
  private final Slots slots;
  private final IntSupplier held;
  private final BooleanSupplier stopping;
  private final Consumer<List<ClaimedTask>> take;
  private final Outcomes outcomes;
  private final QueueServiceContact contact;
  // serial queues with outcomes on their way from here: how many each, and the next head's
  // received time if the claim of the ended head answered it
  private final Map<SerialQueueRef, Settling> settling = new HashMap<>();
  private final ClaimPacing pacing;
  private boolean claiming;
  private boolean claimAgain;
  // whether the last claim failed (its failure was logged; the next ones are logged again once a
  // claim was answered), and the timer of the claim after it, until a claim is answered
  private boolean failing;
  private long retryTimer = -1;

  /**
   * @param held how many messages the runner has in hand (waiting, in their lifecycle, or still to
   *     be freed)
   * @param take takes the claimed messages in and gives them threads
   * @param outcomes told of each claim answered (its round trip and what it took) or failed
   * @param contact told of each claim answered or failed
   */
  ClaimLoop(
      Vertx vertx,
      Claimant claimant,
      Slots slots,
      IntSupplier held,
      BooleanSupplier stopping,
      Consumer<List<ClaimedTask>> take,
      Outcomes outcomes,
      QueueServiceContact contact) {
    this.vertx = vertx;
    this.claimant = claimant;
    this.slots = slots;
    this.held = held;
    this.stopping = stopping;
    this.take = take;
    this.outcomes = outcomes;
    this.contact = contact;
    this.pacing = new ClaimPacing(vertx, this::claim);
  }

  /** Claims what the runner has room for, unless a claim is in flight (then once more after it). */
  void claim() {
    String ownerId = claimant.ownerId().get();
    if (stopping.getAsBoolean() || ownerId == null) {
      return;
    }
    if (claiming) {
      claimAgain = true;
      return;
    }
    if (pacing.waiting()) {
      return; // claims again once the serial heads it waits for have ended
    }
    int inHand = held.getAsInt();
    int room = slots.claimRoom(inHand, System.nanoTime());
    if (room <= 0) {
      return;
    }
    SettlingNow now = settlingNow();
    if (now.count() > SETTLING_PER_THREAD * slots.maxThreads()) {
      return; // claims again as the outcomes on their way are applied
    }
    claiming = true;
    claimAgain = false;
    ClaimRequest request =
        new ClaimRequest(
            ownerId,
            claimant.node(),
            room,
            slots.freeSlots(inHand),
            claimant.taskTypes(),
            now.from(),
            now.unknown());
    long sentAt = System.nanoTime();
    // a claim that could not be sent fails like an unanswered one: the loop claims again later
    Requests.<ClaimedTasks>request(
            vertx.eventBus(),
            Addresses.QUEUE_CLAIM,
            request,
            new DeliveryOptions().setSendTimeout(CLAIM_TIMEOUT_MS))
        .onComplete(
            reply -> {
              claiming = false;
              int got = 0;
              if (reply.succeeded()) {
                List<ClaimedTask> tasks = reply.result().body().tasks();
                got = tasks.size();
                long roundTrip = System.nanoTime() - sentAt;
                answered();
                outcomes.answered(roundTrip, got);
                pacing.answered(tasks, roundTrip, slots.averageHoldNanos());
                take.accept(tasks);
              } else {
                failed(reply.cause());
              }
              if (claimAgain || (got > 0 && got == room)) {
                claim();
              }
            });
  }

  /** Whether a claim was sent and not yet answered (nor failed). */
  boolean inFlight() {
    return claiming;
  }

  /** A claim was answered: a claim due after an earlier failure is not needed any more. */
  private void answered() {
    contact.answered();
    failing = false;
    if (retryTimer >= 0) {
      vertx.cancelTimer(retryTimer);
      retryTimer = -1;
    }
  }

  /** Logs a failed claim (once until a claim is answered again) and claims again a bit later. */
  private void failed(Throwable cause) {
    contact.failed(cause, System.nanoTime());
    outcomes.failed();
    if (failing) {
      LOG.debug("Claim failed again: {}", cause.getMessage());
    } else {
      LOG.warn(
          "Claim failed: {}; claiming again in {} ms", cause.getMessage(), RETRY_AFTER_FAILURE_MS);
      failing = true;
    }
    if (retryTimer < 0) {
      retryTimer =
          vertx.setTimer(
              RETRY_AFTER_FAILURE_MS,
              id -> {
                retryTimer = -1;
                claim();
              });
    }
  }

  /**
   * A claimed message's execution is over on this runner (its slot is free); the caller claims
   * next.
   */
  void ended(ClaimedTask task) {
    pacing.ended(task);
  }

  /**
   * A serial task ended here and its outcome is on its way.
   *
   * @param nextHead the received time of its queue's next head, as the claim of the task answered
   *     it ({@link ClaimedTask#nextHeadReceivedAt}), or null if not known
   */
  void outcomeOnItsWay(SerialQueueRef queue, Instant nextHead) {
    settle(queue, new Settling(1, nextHead));
  }

  /** A serial task's outcome was answered: its queue's next head may be claimed. */
  void outcomeApplied(SerialQueueRef queue) {
    settle(queue, new Settling(-1, null));
    claim();
  }

  /** Counts an outcome on its way (+1) or applied (-1), in whichever order they arrive. */
  private void settle(SerialQueueRef queue, Settling change) {
    settling.merge(queue, change, Settling::plus);
  }

  /**
   * The settling queues as a claim names them, in one pass: how many are settling, the oldest of
   * their next heads that is known (null if none), and those whose next heads the claim must look
   * up.
   */
  private SettlingNow settlingNow() {
    int count = 0;
    Instant from = null;
    List<SerialQueueRef> unknown = new ArrayList<>();
    for (Map.Entry<SerialQueueRef, Settling> entry : settling.entrySet()) {
      Settling queue = entry.getValue();
      if (!queue.onItsWay()) {
        continue;
      }
      count++;
      if (!queue.known()) {
        unknown.add(entry.getKey());
      } else if (from == null || queue.nextHead().isBefore(from)) {
        from = queue.nextHead();
      }
    }
    return new SettlingNow(count, from, unknown);
  }

  private record SettlingNow(int count, Instant from, List<SerialQueueRef> unknown) {}

  /**
   * A queue's outcomes on their way from here (negative while answers came first), and its next
   * head's received time while one outcome is on its way and its claim answered it.
   */
  private record Settling(int count, Instant nextHead) {
    boolean onItsWay() {
      return count > 0;
    }

    /** Known only for a single outcome on its way: with more, the time may be an earlier head's. */
    boolean known() {
      return count == 1 && nextHead != null;
    }

    /** Both changes together; null (no entry) once they cancel out. */
    Settling plus(Settling change) {
      int sum = count + change.count;
      return sum == 0 ? null : new Settling(sum, change.count > 0 ? change.nextHead : nextHead);
    }
  }
}
