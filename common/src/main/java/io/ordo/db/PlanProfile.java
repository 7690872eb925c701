package io.ordo.db;

import java.util.Map;

/**
 * How a pool's connections have their statements planned.
 *
 * <p>{@link #GENERAL}: every execution is planned for its parameters. Listings, counts and the
 * state-machine statements vary in shape and size, and a plan made for one queue's size can be
 * wrong for another's.
 *
 * <p>{@link #HOT_PATH}: registration, claim and reports run a handful of statements thousands of
 * times a second, each of them a few index probes per row. Planning them on every execution cost
 * more than running them (measured on the drain: 2.7 s planning against 0.9 s executing the start
 * statement). Their connections plan each statement once ({@code force_generic_plan}) and may use
 * only nested loops over index scans: a generic plan guesses the size of its arrays and of the
 * queue, and with hash joins, merge joins or sequential scans allowed it could pick a plan that
 * reads the whole table (the planner's statistics of a queue that was empty at the first execution
 * would say so); with index probes only, every plan costs what its rows cost, whatever the
 * statistics.
 *
 * <p>{@link #CLAIM}: the claim, one statement per batch, planned once per connection like the hot
 * path's (planning it on every execution cost more than running it: 1.1 ms against 0.8 ms a claim,
 * a quarter of PostgreSQL's CPU on the drain). Its plan may be made while the tables are empty and
 * used once they are full, so the statement leaves the planner no choice that statistics could get
 * wrong: the rows it locks are updated where they were locked (TID scans), correlated lookups are
 * probes by key, and each walk has one index it can use (see {@code ClaimPlanTest}). Besides the
 * hot path's settings, no bitmap scans: a bitmap reads every candidate and sorts them all instead
 * of walking the candidates index in received order and stopping after a batch. And no sorts where
 * an index gives the order: each walk of the claim (runnable messages by received time, delayed
 * ones by due time) has exactly one index that gives its order, but other indexes hold the same
 * rows in another order (the waiting list's, every queue's waiting messages'); a plan made while
 * the parallel queue was empty, with statistics of a full task table, chose the waiting list's
 * index and a sort for the delayed walk, and read every waiting message on each claim (4 ms a claim
 * at 20,000 waiting instead of 1 ms, and the benchmark's slow runs). The sorts the statement cannot
 * do without (a batch put in received order) are still made. Bounded in time (5 s, shorter than a
 * runner's wait), so a claim the runner gave up on never lingers. The settings belong to the
 * connection, so a claim is one statement on its own: one round trip, not BEGIN, settings, claim
 * and COMMIT.
 */
public enum PlanProfile {
  GENERAL(Map.of("plan_cache_mode", "force_custom_plan")),
  HOT_PATH(
      Map.of(
          "plan_cache_mode", "force_generic_plan",
          "enable_hashjoin", "off",
          "enable_mergejoin", "off",
          "enable_seqscan", "off")),
  CLAIM(
      Map.of(
          "plan_cache_mode", "force_generic_plan",
          "enable_hashjoin", "off",
          "enable_mergejoin", "off",
          "enable_seqscan", "off",
          "enable_bitmapscan", "off",
          "enable_sort", "off",
          "statement_timeout", "5000"));

  private final Map<String, String> settings;

  PlanProfile(Map<String, String> settings) {
    this.settings = settings;
  }

  /** The session settings of this profile's connections. */
  public Map<String, String> settings() {
    return settings;
  }
}
