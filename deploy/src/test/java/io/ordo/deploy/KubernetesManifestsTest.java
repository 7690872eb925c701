package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.config.ConfigLoader;
import io.ordo.config.OrdoConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The Kubernetes manifests (deploy/kubernetes) agree with the node they run: every setting they
 * give is one the node reads and accepts, each workload's environment loads as a configuration
 * whose ports, seeds, scripts and grace period are the ones the manifests wire up, every service
 * and budget selects pods that exist, and the probes ask paths a node answers. (No cluster runs
 * here: the manifests are read as kustomize would combine them, not applied.)
 */
class KubernetesManifestsTest {
  private static final Path DIR = Path.of("kubernetes");
  private static final List<String> WORKLOADS =
      List.of("queue.yaml", "runner.yaml", "history.yaml");

  @Test
  void kustomization_listsEveryManifest_andEveryListedFileExists() throws IOException {
    Map<String, Object> kustomization = single("kustomization.yaml");
    List<String> listed = new ArrayList<>(strings(kustomization.get("resources")));
    for (Map<String, Object> patch : maps(kustomization.get("patches"))) {
      listed.add((String) patch.get("path"));
    }
    try (Stream<Path> files = Files.list(DIR)) {
      List<String> manifests =
          files
              .map(file -> file.getFileName().toString())
              .filter(name -> name.endsWith(".yaml") && !name.equals("kustomization.yaml"))
              .sorted()
              .toList();
      assertEquals(manifests, listed.stream().sorted().toList());
    }
  }

  @Test
  void everySetting_isOneTheNodeReads() throws IOException {
    Map<String, String> shared = sharedEnvironment();
    for (String name : shared.keySet()) {
      assertTrue(ConfigLoader.ENVIRONMENT_KEYS.containsKey(name), name + " is not a setting");
    }
    for (Map<String, Object> variable : maps(container(single("pod-defaults.yaml")).get("env"))) {
      String name = (String) variable.get("name");
      assertTrue(ConfigLoader.ENVIRONMENT_KEYS.containsKey(name), name + " is not a setting");
    }
  }

  @Test
  void eachWorkload_loadsAsAConfiguration_wiredToItsPortsSeedsScriptsAndGracePeriod()
      throws IOException {
    Map<String, Object> defaults = single("pod-defaults.yaml");
    Map<String, Object> container = container(defaults);
    Map<String, Integer> ports = new HashMap<>();
    for (Map<String, Object> port : maps(container.get("ports"))) {
      ports.put((String) port.get("name"), (Integer) port.get("containerPort"));
    }
    Map<String, Object> queue = single("queue.yaml");
    List<String> seeds =
        IntStream.range(0, (Integer) spec(queue).get("replicas"))
            .mapToObj(i -> name(queue) + "-" + i + "." + spec(queue).get("serviceName"))
            .toList();
    String scriptsMount = (String) maps(container.get("volumeMounts")).get(0).get("mountPath");
    int killedAfter = (Integer) podSpec(defaults).get("terminationGracePeriodSeconds");

    for (String file : WORKLOADS) {
      Map<String, Object> workload = single(file);
      List<String> args = strings(container(workload).get("args"));
      assertEquals(1, args.size(), file);
      assertNotNull(NodeRole.parse(args.get(0)), file);

      Map<String, String> env = new HashMap<>(sharedEnvironment());
      env.put("ORDO_CLUSTER_HOST", "10.1.2.3"); // status.podIP
      env.put("ORDO_NODE_NAME", name(workload) + "-0"); // metadata.name
      OrdoConfig config = ConfigLoader.load(null, env);

      assertEquals("0.0.0.0", config.http().host(), file + ": probes reach the pod's address");
      assertEquals(ports.get("http"), config.http().port(), file);
      assertEquals(ports.get("hazelcast"), config.cluster().port(), file);
      assertEquals(ports.get("event-bus"), config.cluster().eventBusPort(), file);
      assertEquals(seeds, config.cluster().members(), file + ": the queue pods' names");
      assertEquals(Path.of(scriptsMount), config.scripts().directory(), file);
      assertTrue(
          config.shutdownGracePeriod().compareTo(Duration.ofSeconds(killedAfter)) < 0,
          file + ": released before it is killed");
    }
  }

  @Test
  void servicesAndBudgets_selectPodsThatExist_onPortsTheyOpen() throws IOException {
    List<Map<String, Object>> podLabels = new ArrayList<>();
    for (String file : WORKLOADS) {
      Map<String, Object> workload = single(file);
      Map<String, Object> template = map(spec(workload).get("template"));
      Map<String, Object> labels = map(map(template.get("metadata")).get("labels"));
      assertEquals(labels, map(spec(workload).get("selector")).get("matchLabels"), file);
      podLabels.add(labels);
    }
    List<String> portNames =
        maps(container(single("pod-defaults.yaml")).get("ports")).stream()
            .map(port -> (String) port.get("name"))
            .toList();
    List<Map<String, Object>> services = all("services.yaml");
    for (Map<String, Object> service : services) {
      Map<String, Object> selector = map(spec(service).get("selector"));
      assertTrue(podLabels.contains(selector), name(service) + " selects no workload's pods");
      for (Map<String, Object> port : maps(spec(service).get("ports"))) {
        assertTrue(portNames.contains((String) port.get("targetPort")), name(service));
      }
    }
    for (Map<String, Object> budget : all("disruption-budgets.yaml")) {
      Object selector = map(spec(budget).get("selector")).get("matchLabels");
      assertTrue(podLabels.contains(selector), name(budget) + " selects no workload's pods");
    }
    // the seeds' names (checked against the queue pods in the test above) resolve through it
    assertEquals(
        spec(single("queue.yaml")).get("serviceName"),
        name(
            services.stream()
                .filter(s -> "None".equals(spec(s).get("clusterIP")))
                .findFirst()
                .orElseThrow()),
        "the queue StatefulSet's service is the headless one");
  }

  @Test
  void theProbes_askPathsANodeAnswers() throws IOException {
    Map<String, Object> container = container(single("pod-defaults.yaml"));
    List<String> paths = new ArrayList<>();
    for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
      paths.add((String) map(map(container.get(probe)).get("httpGet")).get("path"));
    }
    try (OrdoNode node = TestNode.start();
        Api api = new Api(node.httpPort(), TestNode.OPERATOR)) {
      for (String path : paths) {
        assertEquals(200, api.get(path).status(), path);
      }
    }
  }

  /** ORDO_* from the shared ConfigMap and the secret (as envFrom gives them to every pod). */
  private static Map<String, String> sharedEnvironment() throws IOException {
    Map<String, String> env = new HashMap<>();
    map(single("config.yaml").get("data")).forEach((k, v) -> env.put(k, String.valueOf(v)));
    map(single("secret.yaml").get("stringData")).forEach((k, v) -> env.put(k, String.valueOf(v)));
    return env;
  }

  private static Map<String, Object> single(String file) throws IOException {
    List<Map<String, Object>> documents = all(file);
    assertEquals(1, documents.size(), file);
    return documents.get(0);
  }

  private static List<Map<String, Object>> all(String file) throws IOException {
    try (Reader reader = Files.newBufferedReader(DIR.resolve(file))) {
      List<Map<String, Object>> documents = new ArrayList<>();
      for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(reader)) {
        documents.add(map(document));
      }
      return documents;
    }
  }

  private static String name(Map<String, Object> resource) {
    return (String) map(resource.get("metadata")).get("name");
  }

  private static Map<String, Object> spec(Map<String, Object> resource) {
    return map(resource.get("spec"));
  }

  private static Map<String, Object> podSpec(Map<String, Object> workload) {
    return map(map(spec(workload).get("template")).get("spec"));
  }

  /** The workload's one container, named ordo (the name the defaults are patched in by). */
  private static Map<String, Object> container(Map<String, Object> workload) {
    List<Map<String, Object>> containers = maps(podSpec(workload).get("containers"));
    assertEquals(1, containers.size());
    assertEquals("ordo", containers.get(0).get("name"));
    return containers.get(0);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    assertTrue(value instanceof Map, () -> "a mapping expected: " + value);
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> maps(Object value) {
    assertTrue(value instanceof List, () -> "a list expected: " + value);
    return (List<Map<String, Object>>) value;
  }

  @SuppressWarnings("unchecked")
  private static List<String> strings(Object value) {
    assertTrue(value instanceof List, () -> "a list expected: " + value);
    return (List<String>) value;
  }
}
