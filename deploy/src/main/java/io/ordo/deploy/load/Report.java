package io.ordo.deploy.load;

import io.vertx.core.json.JsonObject;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's result: labelled lines for people and one JSON object with the same figures for the
 * README and for scripts. Printed as the lines, then the JSON on a line of its own (the last).
 */
final class Report {
  private final String title;
  private final List<String[]> lines = new ArrayList<>();
  private final JsonObject figures = new JsonObject();

  Report(String title) {
    this.title = title;
  }

  JsonObject figures() {
    return figures;
  }

  Report line(String label, String value) {
    lines.add(new String[] {label, value});
    return this;
  }

  /** A line {@code label: 1234.5 unit/s (count in seconds s)}. */
  Report rate(String label, long count, double seconds, String unit) {
    return line(
        label, String.format("%.1f %s/s  (%d in %.3f s)", count / seconds, unit, count, seconds));
  }

  void print(PrintStream out) {
    out.println();
    out.println("== " + title + " ==");
    int width = lines.stream().mapToInt(l -> l[0].length()).max().orElse(0);
    for (String[] line : lines) {
      out.printf("  %-" + width + "s  %s%n", line[0], line[1]);
    }
    out.println(figures.encode());
  }

  /** One decimal; null for a figure that does not exist (JSON has no NaN). */
  static Double round(double value) {
    return Double.isNaN(value) || Double.isInfinite(value) ? null : Math.round(value * 10) / 10.0;
  }
}
