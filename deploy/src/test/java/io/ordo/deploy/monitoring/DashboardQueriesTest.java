package io.ordo.deploy.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard (deploy/monitoring/grafana-dashboard.json) against a running node's {@code
 * /metrics}: every metric each panel's queries name is there, with every label the query groups by
 * or the legend shows, and no query joins series with {@code or}; every Ordo metric has a HELP
 * text; outcome counters exist at zero before their first event.
 */
class DashboardQueriesTest extends NodeTest {
  private static final Path DASHBOARD = Path.of("monitoring", "grafana-dashboard.json");
  private static final Pattern METRIC = Pattern.compile("\\b(ordo_[a-z0-9_]+)\\b");
  private static final Pattern GROUPING = Pattern.compile("\\bby \\(([^)]*)\\)");
  private static final Pattern LEGEND_LABEL = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");
  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)$");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");

  @Test
  void everyPanelQuery_findsItsMetricsWithTheLabelsItUses_onARunningNode() throws IOException {
    // a little work: a task run to its end, and a queue with a waiting message for the gauges
    tasks.await(tasks.parallel("Echo", new JsonObject()), "DISPOSED");
    tasks.addSerialQueue("dashboard.q", false);
    tasks.serial("dashboard.q", "Echo", new JsonObject(), false);
    api.await(
        "/metrics", r -> r.body().toString().contains("ordo_queue_waiting_messages{"), Tasks.WAIT);
    Map<String, Set<Set<String>>> series = series(scrape());

    List<String> problems = new ArrayList<>();
    int queries = 0;
    for (Object p : new JsonObject(Files.readString(DASHBOARD)).getJsonArray("panels")) {
      JsonObject panel = (JsonObject) p;
      JsonArray targets = panel.getJsonArray("targets");
      for (Object t : targets) {
        JsonObject target = (JsonObject) t;
        String expr = target.getString("expr");
        queries++;
        if (expr.contains(" or ")) {
          // over equal label sets `A or B` keeps only A's series: one query per series instead
          problems.add(panel.getString("title") + ": 'or' hides series in " + expr);
        }
        Set<String> labels = labels(expr, target.getString("legendFormat", ""));
        Matcher metrics = METRIC.matcher(expr);
        boolean named = false;
        while (metrics.find()) {
          named = true;
          String metric = metrics.group(1);
          Set<Set<String>> labelSets = series.get(metric);
          if (labelSets == null) {
            problems.add(panel.getString("title") + ": " + metric + " is not scraped");
          } else if (labelSets.stream().noneMatch(set -> set.containsAll(labels))) {
            problems.add(
                panel.getString("title") + ": " + metric + " has no series with " + labels);
          }
        }
        if (!named) {
          problems.add(panel.getString("title") + ": no Ordo metric in " + expr);
        }
      }
      assertFalse(
          expressionsRepeat(targets), panel.getString("title") + " repeats a query: " + targets);
    }
    assertTrue(queries >= 10, "the dashboard's queries were read: " + queries);
    assertEquals(List.of(), problems);
  }

  @Test
  void everyOrdoMetric_hasAHelpText_andOutcomeCountersExistAtZeroBeforeTheirFirstEvent() {
    String text = scrape();
    List<String> withoutHelp = new ArrayList<>();
    text.lines()
        .filter(line -> line.startsWith("# HELP ordo_"))
        .filter(line -> line.split(" ", 4).length < 4 || line.split(" ", 4)[3].isBlank())
        .forEach(withoutHelp::add);
    assertEquals(List.of(), withoutHelp);

    for (String outcome :
        List.of(
            "completed",
            "failed",
            "rejected",
            "released",
            "stopped",
            "timed_out",
            "lease_expired",
            "retry_scheduled")) {
      for (String kind : List.of("parallel", "serial")) {
        String line =
            "ordo_messages_"
                + outcome
                + "_total{queue_kind=\""
                + kind
                + "\",tenant=\"default\"} 0.0";
        assertTrue(text.lines().anyMatch(line::equals), line + " in\n" + text);
      }
    }
    for (String outcome : List.of("renewed", "expired", "failed")) {
      assertTrue(
          text.lines()
              .anyMatch(
                  line ->
                      line.startsWith("ordo_lease_renewals_total{")
                          && line.contains("kind=\"runner\"")
                          && line.contains("outcome=\"" + outcome + "\"")),
          outcome + " renewals in\n" + text);
    }
  }

  @Test
  void messageEnds_areCountedByTaskType_eachOutcomeFromZero() {
    tasks.await(tasks.parallel("Echo", new JsonObject()), "DISPOSED");
    tasks.await(tasks.parallel("Fail", new JsonObject().put("message", "boom")), "DISPOSED");
    String text = scrape();
    assertTrue(
        text.lines().anyMatch(outcome("completed", "io.ordo.samples.EchoTask", "1.0")), text);
    assertTrue(text.lines().anyMatch(outcome("failed", "io.ordo.samples.FailTask", "1.0")), text);
    assertTrue(text.lines().anyMatch(outcome("failed", "io.ordo.samples.EchoTask", "0.0")), text);
    assertTrue(
        text.lines().anyMatch(outcome("timed_out", "io.ordo.samples.EchoTask", "0.0")), text);
  }

  private static java.util.function.Predicate<String> outcome(
      String outcome, String taskType, String value) {
    return line ->
        line.equals(
            "ordo_task_outcomes_total{outcome=\""
                + outcome
                + "\",queue_kind=\"parallel\",task_type=\""
                + taskType
                + "\"} "
                + value);
  }

  private String scrape() {
    return api.as(null).get("/metrics").body().toString();
  }

  /** The labels a query needs: those it groups by and those its legend shows. */
  private static Set<String> labels(String expr, String legend) {
    Set<String> labels = new TreeSet<>();
    Matcher grouping = GROUPING.matcher(expr);
    while (grouping.find()) {
      for (String label : grouping.group(1).split(",")) {
        if (!label.isBlank()) {
          labels.add(label.trim());
        }
      }
    }
    Matcher legendLabel = LEGEND_LABEL.matcher(legend);
    while (legendLabel.find()) {
      labels.add(legendLabel.group(1));
    }
    return labels;
  }

  /** Each scraped sample's name and the label names of its series. */
  private static Map<String, Set<Set<String>>> series(String text) {
    Map<String, Set<Set<String>>> series = new HashMap<>();
    for (String line : text.lines().toList()) {
      Matcher sample = SAMPLE.matcher(line);
      if (line.startsWith("#") || !sample.matches()) {
        continue;
      }
      Set<String> names = new HashSet<>();
      if (sample.group(2) != null) {
        Matcher label = LABEL.matcher(sample.group(2));
        while (label.find()) {
          names.add(label.group(1));
        }
      }
      series.computeIfAbsent(sample.group(1), k -> new HashSet<>()).add(names);
    }
    return series;
  }

  private static boolean expressionsRepeat(JsonArray targets) {
    Set<String> seen = new HashSet<>();
    for (Object t : targets) {
      if (!seen.add(((JsonObject) t).getString("expr"))) {
        return true;
      }
    }
    return false;
  }
}
