package io.ordo.deploy.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code deploy/farm start} without {@code ORDO_DEV_TOKEN} prints the operator token it made (and
 * keeps it in {@code D/token}), as the all-in-one node prints its own, and that token works.
 */
@Tag("farm")
class FarmTokenIT {
  private static final Path SCRIPT = Path.of("farm").toAbsolutePath();
  private static final Pattern TOKEN_LINE =
      Pattern.compile(
          "farm: operator token for tenant 'default' \\(random; set ORDO_DEV_TOKEN to choose it\\):"
              + " ([0-9a-f]{48})");

  private Path dir;

  @BeforeEach
  void createDirectory() throws Exception {
    dir = Files.createTempDirectory("ordo-farm-token-");
  }

  @AfterEach
  void stopFarm() throws Exception {
    run("stop", "--dir", dir.toString());
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  @Test
  void start_withoutADevToken_printsTheRandomTokenItUses_andItOpensTheApi() throws Exception {
    int port = NodeProcess.freePort();

    String output =
        run(
            "start",
            "--dir",
            dir.toString(),
            "--runners",
            "1",
            "--http-port",
            String.valueOf(port));

    Matcher line = TOKEN_LINE.matcher(output);
    assertTrue(line.find(), output);
    String token = line.group(1);
    assertTrue(
        output.contains(
            "farm: try: curl -H 'Authorization: Bearer "
                + token
                + "' http://127.0.0.1:"
                + port
                + "/api/v1/status"),
        output);
    assertEquals(token, Files.readString(dir.resolve("token")).trim());
    try (Api api = new Api(port, token)) {
      assertEquals(200, api.get("/status").status());
    }
  }

  /** Runs deploy/farm on this test's class path; answers its output, asserting it succeeded. */
  private String run(String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(key -> key.startsWith("ORDO_"));
    builder.environment().put("ORDO_FARM_CLASSPATH", System.getProperty("java.class.path"));
    Path output = dir.resolve("farm-" + arguments[0] + ".out");
    builder.redirectErrorStream(true);
    builder.redirectOutput(output.toFile());
    Process process = builder.start();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("deploy/farm " + arguments[0] + " did not finish");
    }
    String text = Files.readString(output);
    assertEquals(0, process.exitValue(), text);
    return text;
  }
}
