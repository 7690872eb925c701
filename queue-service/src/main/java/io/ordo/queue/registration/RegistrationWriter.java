package io.ordo.queue.registration;

import io.ordo.batch.Batcher.Pending;
import io.ordo.model.MessageIds;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.queue.store.IdempotencyStore;
import io.ordo.queue.store.IdempotencyStore.Claim;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one batch of registrations in one transaction: idempotency keys first (a repeated key
 * answers with the message it first created), then the {@link TaskScheduler} for the rest. A key
 * whose registration is refused is given back in the same transaction.
 */
final class RegistrationWriter {

  private final IdempotencyStore idempotency;
  private final TaskScheduler scheduler;

  RegistrationWriter(IdempotencyStore idempotency, TaskScheduler scheduler) {
    this.idempotency = idempotency;
    this.scheduler = scheduler;
  }

  /** What the batch's transaction decided for each request, answered after it commits. */
  static final class Outcome {
    final Map<Pending<Registration, TaskInfo>, TaskInfo> created = new LinkedHashMap<>();
    final Map<Pending<Registration, TaskInfo>, String> replayed = new LinkedHashMap<>();
    final Map<Pending<Registration, TaskInfo>, RuntimeException> refused = new LinkedHashMap<>();

    /** Refusals by the message id the refused request would have had (for same-key duplicates). */
    final Map<String, RuntimeException> refusedIds = new HashMap<>();

    boolean activeQueuesFed;
  }

  /**
   * Whether a batch is one statement (parallel messages without idempotency keys), which needs no
   * transaction around it: one round trip and its own commit.
   */
  static boolean oneStatement(List<Pending<Registration, TaskInfo>> batch) {
    return batch.stream()
        .allMatch(p -> p.item().kind() == QueueKind.PARALLEL && p.item().idempotencyKey() == null);
  }

  /** Writes the batch: in the caller's transaction, or on its own if {@link #oneStatement}. */
  Future<Outcome> write(SqlClient tx, List<Pending<Registration, TaskInfo>> batch, Instant now) {
    Outcome outcome = new Outcome();
    Map<Pending<Registration, TaskInfo>, String> ids = new HashMap<>();
    batch.forEach(p -> ids.put(p, MessageIds.next().toString()));

    // Several requests of one batch with the same key: the first one speaks for all.
    Map<String, Pending<Registration, TaskInfo>> firstByKey = new LinkedHashMap<>();
    List<Pending<Registration, TaskInfo>> fresh = new ArrayList<>();
    for (Pending<Registration, TaskInfo> p : batch) {
      if (p.item().idempotencyKey() == null) {
        fresh.add(p);
        continue;
      }
      Pending<Registration, TaskInfo> first = firstByKey.putIfAbsent(keyOf(p.item()), p);
      if (first == null) {
        fresh.add(p);
      } else {
        outcome.replayed.put(p, ids.get(first));
      }
    }
    List<Claim> claims =
        firstByKey.values().stream()
            .map(p -> new Claim(p.item().tenant(), p.item().idempotencyKey(), ids.get(p)))
            .sorted(Comparator.comparing(Claim::tenant).thenComparing(Claim::key))
            .toList();

    return idempotency
        .claim(tx, claims, now)
        .compose(
            taken -> {
              Map<String, String> takenByKey = new HashMap<>();
              taken.forEach(
                  (claim, id) -> takenByKey.put(claim.tenant() + "\u0000" + claim.key(), id));
              List<Pending<Registration, TaskInfo>> toInsert = new ArrayList<>();
              for (Pending<Registration, TaskInfo> p : fresh) {
                String existing =
                    p.item().idempotencyKey() == null ? null : takenByKey.get(keyOf(p.item()));
                if (existing != null) {
                  outcome.replayed.put(p, existing);
                } else {
                  toInsert.add(p);
                }
              }
              // Duplicates of a key that turned out to be taken answer with the existing message.
              outcome.replayed.replaceAll((p, id) -> takenByKey.getOrDefault(keyOf(p.item()), id));
              return schedule(tx, toInsert, ids, now, outcome);
            })
        .map(outcome);
  }

  private Future<Void> schedule(
      SqlClient tx,
      List<Pending<Registration, TaskInfo>> toInsert,
      Map<Pending<Registration, TaskInfo>, String> ids,
      Instant now,
      Outcome outcome) {
    List<Registration> registrations = toInsert.stream().map(Pending::item).toList();
    List<String> messageIds = toInsert.stream().map(ids::get).toList();
    return scheduler
        .schedule(tx, registrations, messageIds, now)
        .compose(
            scheduled -> {
              outcome.activeQueuesFed = scheduled.activeQueuesFed();
              List<Claim> orphanedKeys = new ArrayList<>();
              for (int i = 0; i < toInsert.size(); i++) {
                Pending<Registration, TaskInfo> p = toInsert.get(i);
                RuntimeException refusal = scheduled.refusals().get(i);
                if (refusal == null) {
                  outcome.created.put(p, scheduled.infos().get(i));
                  continue;
                }
                outcome.refused.put(p, refusal);
                outcome.refusedIds.put(ids.get(p), refusal);
                if (p.item().idempotencyKey() != null) {
                  orphanedKeys.add(
                      new Claim(p.item().tenant(), p.item().idempotencyKey(), ids.get(p)));
                }
              }
              return idempotency.release(tx, orphanedKeys);
            });
  }

  private static String keyOf(Registration r) {
    return r.tenant() + "\u0000" + r.idempotencyKey();
  }
}
