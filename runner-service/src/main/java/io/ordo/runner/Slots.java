package io.ordo.runner;

import io.ordo.runner.execution.TaskExecution;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A runner's task threads and the tasks in their lifecycle on it. A task's two steps on a thread
 * (accept: {@code setParameter}, {@code taskAccepted}; run: {@code taskStarted}, {@code run},
 * {@code taskCompleted}) each take one of {@code maxThreads} threads; between them, while its start
 * is being recorded, the task holds no thread. A task whose start is recorded gets the next free
 * thread before any claimed message (serial-queue heads first, then prefetched parallel messages in
 * claim order) begins its accept step.
 *
 * <p>How many tasks may be in their lifecycle at once: {@code maxThreads}, so that every started
 * task finds a thread as soon as one is free; while tasks are short, {@code maxThreads + prefetch},
 * so that starts and outcomes form batches of tens while threads run. Prefetching (claiming beyond
 * the free threads) goes on only while tasks are short too, so that a prefetched message, or a
 * started task, waits a moment and not behind long runs.
 *
 * <p>Confined to the runner's event loop, but {@link #busy()}, which gauges read.
 */
final class Slots {
  /** Tasks in their lifecycle longer than this (now, or on average lately) stop prefetching. */
  static final long SHORT_NANOS = 1_000_000_000L;

  private static final double WEIGHT = 0.2;

  private final int maxThreads;
  private final int prefetch;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private final ArrayDeque<TaskExecution> started = new ArrayDeque<>();
  private final Set<TaskExecution> onThread = new HashSet<>();
  private final Map<TaskExecution, Long> inLifecycle = new HashMap<>();
  private final AtomicInteger busy = new AtomicInteger();
  private double averageHoldNanos;

  /** A claimed message waiting for its accept step, and since when. */
  private record Waiting(TaskExecution execution, long since) {}

  /** A step to run on a task thread: the run step ({@code run}) or the accept step. */
  record Step(TaskExecution execution, boolean run) {}

  Slots(int maxThreads, int prefetch) {
    this.maxThreads = maxThreads;
    this.prefetch = prefetch;
  }

  /** A claimed message waits for a thread; a serial head goes before every prefetched message. */
  void add(TaskExecution execution, boolean serial, long now) {
    if (serial) {
      waiting.addFirst(new Waiting(execution, now));
    } else {
      waiting.addLast(new Waiting(execution, now));
    }
  }

  /**
   * Gives free threads to the run steps of started tasks, then to the accept steps of waiting
   * messages while the lifecycle has room; answers the steps to run, in order.
   */
  List<Step> fill(long now) {
    List<Step> steps = new ArrayList<>();
    while (onThread.size() < maxThreads) {
      if (!started.isEmpty()) {
        TaskExecution execution = started.poll();
        onThread.add(execution);
        steps.add(new Step(execution, true));
      } else if (!waiting.isEmpty() && inLifecycle.size() < lifecycleRoom(now)) {
        TaskExecution execution = waiting.poll().execution();
        onThread.add(execution);
        inLifecycle.put(execution, now);
        steps.add(new Step(execution, false));
      } else {
        break;
      }
    }
    busy.set(onThread.size());
    return steps;
  }

  /** The accept step is over and the start on its way: the task's thread is free. */
  void threadFree(TaskExecution execution) {
    onThread.remove(execution);
    busy.set(onThread.size());
  }

  /**
   * The task's start is recorded: its run step is next in line for a thread. False if the task is
   * no longer in its lifecycle here (freed meanwhile).
   */
  boolean startRecorded(TaskExecution execution) {
    if (!inLifecycle.containsKey(execution)) {
      return false;
    }
    started.add(execution);
    return true;
  }

  /** The execution is over on this runner: its thread, or its place in line, is free. */
  void free(TaskExecution execution, long now) {
    if (waiting.removeIf(w -> w.execution() == execution)) {
      return;
    }
    started.remove(execution);
    onThread.remove(execution);
    Long since = inLifecycle.remove(execution);
    if (since != null) {
      averageHoldNanos += WEIGHT * ((now - since) - averageHoldNanos);
    }
    busy.set(onThread.size());
  }

  /**
   * How many messages the next claim may take, given {@code held} in hand (waiting, in their
   * lifecycle, or still to be freed): threads, plus the prefetch room while tasks are short. Zero
   * while enough prefetched messages wait: one claim of many rows costs about what a claim of one
   * costs.
   */
  int claimRoom(int held, long now) {
    int room = maxThreads + (prefetching(now) ? prefetch : 0) - held;
    if (room <= 0 || (waiting.size() >= maxThreads && room < prefetch)) {
      return 0;
    }
    return room;
  }

  /** Threads no message in hand is promised: how many serial heads a claim may take. */
  int freeSlots(int held) {
    return Math.max(0, maxThreads - held);
  }

  /** Waiting messages that have waited longer than {@code limitNanos} for a thread. */
  List<TaskExecution> waitedLongerThan(long limitNanos, long now) {
    return waiting.stream()
        .filter(w -> now - w.since() > limitNanos)
        .map(Waiting::execution)
        .toList();
  }

  /** Every message waiting for its accept step. */
  List<TaskExecution> waiting() {
    return waiting.stream().map(Waiting::execution).toList();
  }

  /** Threads running a task's step now. */
  int busy() {
    return busy.get();
  }

  private int lifecycleRoom(long now) {
    return maxThreads + (prefetching(now) ? prefetch : 0);
  }

  private boolean prefetching(long now) {
    if (averageHoldNanos >= SHORT_NANOS) {
      return false;
    }
    for (long since : inLifecycle.values()) {
      if (now - since >= SHORT_NANOS) {
        return false;
      }
    }
    return true;
  }
}
