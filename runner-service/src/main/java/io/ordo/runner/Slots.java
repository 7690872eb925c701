package io.ordo.runner;

import io.ordo.runner.execution.TaskExecution;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A runner's slots: at most {@code maxThreads} tasks in their lifecycle at once, and the claimed
 * messages waiting for a slot (serial-queue heads first, then prefetched parallel messages in claim
 * order). Decides how much the next claim may take: prefetching goes on only while tasks are short,
 * so that a prefetched message waits a moment, not behind long runs.
 *
 * <p>Confined to the runner's event loop, but {@link #busy()}, which gauges read.
 */
final class Slots {
  /** Tasks holding their slots longer than this (now, or on average lately) stop prefetching. */
  static final long SHORT_NANOS = 1_000_000_000L;

  private static final double WEIGHT = 0.2;

  private final int maxThreads;
  private final int prefetch;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private final Map<TaskExecution, Long> slotTaken = new HashMap<>();
  private final AtomicInteger busy = new AtomicInteger();
  private double averageHoldNanos;

  /** A claimed message waiting for a slot, and since when. */
  private record Waiting(TaskExecution execution, long since) {}

  Slots(int maxThreads, int prefetch) {
    this.maxThreads = maxThreads;
    this.prefetch = prefetch;
  }

  /** A claimed message waits for a slot; a serial head goes before every prefetched message. */
  void add(TaskExecution execution, boolean serial, long now) {
    if (serial) {
      waiting.addFirst(new Waiting(execution, now));
    } else {
      waiting.addLast(new Waiting(execution, now));
    }
  }

  /** Gives free slots to waiting messages; answers those that got one, in order. */
  List<TaskExecution> fill(long now) {
    List<TaskExecution> started = new ArrayList<>();
    while (slotTaken.size() < maxThreads && !waiting.isEmpty()) {
      TaskExecution execution = waiting.poll().execution();
      slotTaken.put(execution, now);
      started.add(execution);
    }
    busy.set(slotTaken.size());
    return started;
  }

  /** The execution is over on this runner: its slot, or its place in line, is free. */
  void free(TaskExecution execution, long now) {
    if (waiting.removeIf(w -> w.execution() == execution)) {
      return;
    }
    Long taken = slotTaken.remove(execution);
    if (taken != null) {
      averageHoldNanos += WEIGHT * ((now - taken) - averageHoldNanos);
    }
    busy.set(slotTaken.size());
  }

  /**
   * How many messages the next claim may take, given {@code held} in hand (waiting, in a slot, or
   * still to be freed): free slots, plus the prefetch room while tasks are short. Zero while enough
   * prefetched messages wait: one claim of many rows costs about what a claim of one costs.
   */
  int claimRoom(int held, long now) {
    int room = maxThreads + (prefetching(now) ? prefetch : 0) - held;
    if (room <= 0 || (waiting.size() >= maxThreads && room < prefetch)) {
      return 0;
    }
    return room;
  }

  /** Free slots no waiting message is promised: how many serial heads a claim may take. */
  int freeSlots(int held) {
    return Math.max(0, maxThreads - held);
  }

  /** Waiting messages that have waited longer than {@code limitNanos} for a slot. */
  List<TaskExecution> waitedLongerThan(long limitNanos, long now) {
    return waiting.stream()
        .filter(w -> now - w.since() > limitNanos)
        .map(Waiting::execution)
        .toList();
  }

  /** Every message waiting for a slot. */
  List<TaskExecution> waiting() {
    return waiting.stream().map(Waiting::execution).toList();
  }

  int busy() {
    return busy.get();
  }

  private boolean prefetching(long now) {
    if (averageHoldNanos >= SHORT_NANOS) {
      return false;
    }
    for (long taken : slotTaken.values()) {
      if (now - taken >= SHORT_NANOS) {
        return false;
      }
    }
    return true;
  }
}
