package io.ordo.deploy.load;

import io.vertx.core.json.JsonObject;
import java.util.Arrays;
import java.util.Collection;

/**
 * p50, p90, p99 and max of a set of samples (milliseconds), by the nearest-rank method: the p-th
 * percentile is the smallest sample with at least p % of the samples at or below it.
 */
record Percentiles(int samples, double p50, double p90, double p99, double max) {

  static Percentiles of(Collection<Double> values) {
    return of(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  static Percentiles of(double[] values) {
    if (values.length == 0) {
      return new Percentiles(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return new Percentiles(
        sorted.length,
        rank(sorted, 50),
        rank(sorted, 90),
        rank(sorted, 99),
        sorted[sorted.length - 1]);
  }

  private static double rank(double[] sorted, int percent) {
    int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  JsonObject toJson() {
    return new JsonObject()
        .put("samples", samples)
        .put("p50", round(p50))
        .put("p90", round(p90))
        .put("p99", round(p99))
        .put("max", round(max));
  }

  /** One line: {@code p50 12.0 ms, p90 …}. */
  String describe() {
    return String.format(
        "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms  (%d samples)",
        p50, p90, p99, max, samples);
  }

  private static Double round(double value) {
    return Double.isNaN(value) ? null : Math.round(value * 10) / 10.0;
  }
}
