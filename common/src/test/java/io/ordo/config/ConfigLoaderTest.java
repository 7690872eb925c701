package io.ordo.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.lock.LockRetryPolicy;
import io.ordo.model.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configuration: YAML, environment over it, defaults, and clear errors (SPEC 11). */
class ConfigLoaderTest {
  @TempDir Path dir;

  @Test
  void defaults_areTheDocumentedOnes() {
    OrdoConfig config = ConfigLoader.load(null, Map.of());
    assertEquals(8080, config.http().port());
    assertEquals("127.0.0.1", config.http().host());
    assertTrue(config.database().embedded());
    assertEquals(8, config.runner().maxThreads());
    assertEquals(Duration.ofSeconds(5), config.runner().roundInterval());
    assertEquals(Duration.ofSeconds(30), config.lock().lease());
    assertEquals(Duration.ofSeconds(5), config.lock().renewalPeriod());
    assertEquals(LockRetryPolicy.NoRetry.INSTANCE, config.lock().instanceLockedAction());
    assertEquals(3, config.maxAttempts());
    assertEquals(30, config.history().defaultRetentionDays());
    assertEquals(1024 * 1024, config.limits().parameter().maxBytes());
    assertEquals(1024 * 1024, config.limits().maxResultBytes());
  }

  @Test
  void theResultLimit_isReadFromTheFile_andBoundedByTheKeyNamed() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(file, "limits: {result-bytes: 4096}");
    assertEquals(4096, ConfigLoader.load(file, Map.of()).limits().maxResultBytes());
    Files.writeString(file, "limits: {result-bytes: 1}");
    assertTrue(
        assertThrows(ConfigException.class, () -> ConfigLoader.load(file, Map.of()))
            .getMessage()
            .contains("limits.result-bytes"));
  }

  @Test
  void theEnvironment_overridesTheFile() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "http: {port: 9000}",
            "task-runner: {max-threads: 4, round-interval: 0.5}",
            "lock: {instance-locked-exception-action: BasicRetry, basic-retry: {interval-millis: 200}}",
            "history: {retention-days: 10, tenants: {acme: 0}}",
            "tokens:",
            "  - {token: t1, tenant: acme, role: admin}"));
    OrdoConfig config =
        ConfigLoader.load(
            file, Map.of("ORDO_HTTP_PORT", "9100", "ORDO_TOKENS", "t2:beta:submitter"));
    assertEquals(9100, config.http().port());
    assertEquals(4, config.runner().maxThreads());
    assertEquals(Duration.ofMillis(500), config.runner().roundInterval());
    assertEquals(
        new LockRetryPolicy.BasicRetry(Duration.ofMillis(200), Duration.ofSeconds(30)),
        config.lock().instanceLockedAction());
    assertEquals(0, config.history().retentionDaysFor("acme"));
    assertEquals(10, config.history().retentionDaysFor("other"));
    assertEquals(
        Role.SUBMITTER, config.tokens().get(0).role(), "ORDO_TOKENS replaces the file's tokens");
  }

  @Test
  void badValues_failWithTheKeyNamed() {
    assertTrue(message(Map.of("ORDO_HTTP_PORT", "eighty")).contains("http.port"));
    assertTrue(message(Map.of("ORDO_MAX_THREADS", "0")).contains("task-runner.max-threads"));
    assertTrue(
        message(Map.of("ORDO_LOCK_LEASE", "5", "ORDO_LOCK_RENEWAL_PERIOD", "5"))
            .contains("lock.renewal-period"));
    assertTrue(
        message(Map.of("ORDO_LOCK_RETRY", "Sometimes"))
            .contains("instance-locked-exception-action"));
    assertTrue(
        message(Map.of("ORDO_HISTORY_RETENTION_DAYS", "91")).contains("history.retention-days"));
    assertTrue(message(Map.of("ORDO_TOKENS", "only-a-token")).contains("token:tenant:role"));
    assertTrue(
        !message(Map.of("ORDO_TOKENS", "secret:acme")).contains("secret"),
        "a token never appears in an error");
  }

  @Test
  void aFileThatCannotBeRead_failsWithOneLineNamingIt() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(file, "http: {port: 9000\n");
    String broken = fileMessage(file);
    assertTrue(broken.startsWith(file + " is not valid YAML: "), broken);
    assertTrue(broken.contains("line 2, column 1"), broken);
    Files.writeString(file, "a: !!java.lang.Object {}\n");
    assertTrue(fileMessage(file).startsWith(file + " is not valid YAML: "));
    Files.write(file, new byte[] {'a', ':', ' ', (byte) 0xff, (byte) 0xfe, '\n'});
    assertEquals("cannot read configuration file " + file + ": not UTF-8 text", fileMessage(file));
    assertEquals("cannot read configuration file " + dir + ": Is a directory", fileMessage(dir));
    Path absent = dir.resolve("absent.yaml");
    assertEquals(
        "cannot read configuration file " + absent + ": no such file", fileMessage(absent));
  }

  @Test
  void aKeyGivenTwice_isRefused_notTheLastOneKept() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(file, "http: {port: 9000, port: 9001}\n");
    String twice = fileMessage(file);
    assertTrue(twice.contains("duplicate key port"), twice);
    Files.writeString(file, "http.port: 9000\nhttp: {port: 9001}\n");
    assertEquals("http.port is given twice in the configuration file", fileMessage(file));
  }

  @Test
  void anUnknownKey_isRefused_withTheKeysOfItsSection() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(file, "http: {prot: 9000}\n");
    String misspelt = fileMessage(file);
    assertTrue(misspelt.startsWith("unknown configuration key http.prot (http has: "), misspelt);
    assertTrue(misspelt.contains("port"), misspelt);
    Files.writeString(file, "tokens: {t1: acme}\n");
    assertTrue(fileMessage(file).startsWith("unknown configuration key tokens.t1"));
    Files.writeString(file, "colour: blue\n");
    assertTrue(fileMessage(file).startsWith("unknown configuration key colour"));
  }

  @Test
  void everyEnvironmentVariable_setsAKeyTheFileMaySetToo() {
    ConfigLoader.ENVIRONMENT_KEYS.values().forEach(ConfigKeys::requireKnown);
  }

  @Test
  void aNumberOfTheFile_isReadExactly_notTruncatedOrWrapped() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(file, "task-runner: {max-threads: 2.9}\n");
    assertEquals("task-runner.max-threads must be a whole number: 2.9", fileMessage(file));
    Files.writeString(file, "http: {port: 4294975376}\n"); // 2^32 + 8080
    assertEquals("http.port must be between 0 and 65535: 4294975376", fileMessage(file));
    Files.writeString(file, "state-machines: {max-step-bytes: 1.0e30}\n");
    assertEquals(
        "state-machines.max-step-bytes must be between 1 and 1073741824: 1.0E30",
        fileMessage(file));
    Files.writeString(file, "state-machines: {max-step-work: 0}\n");
    assertEquals("state-machines.max-step-work must be at least 1: 0", fileMessage(file));
    Files.writeString(file, "task-runner: {max-threads: 4.0}\n");
    assertEquals(4, ConfigLoader.load(file, Map.of()).runner().maxThreads());
  }

  @Test
  void aBodyLimit_isAtMostAnEighthOfTheHeap_andAStepAtMostWhatPostgresqlTakes() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    long eighth = Runtime.getRuntime().maxMemory() / 8;
    Files.writeString(file, "http: {body-limit-bytes: " + (eighth + 1) + "}\n");
    assertEquals(
        "http.body-limit-bytes must be at most an eighth of the heap ("
            + eighth
            + " bytes; raise -Xmx for more): "
            + (eighth + 1),
        fileMessage(file));
    Files.writeString(file, "http: {body-limit-bytes: 4294967296}\n");
    assertEquals(
        "http.body-limit-bytes must be between 1 and 1073741824: 4294967296", fileMessage(file));
    Files.writeString(file, "http: {body-limit-bytes: " + eighth + "}\n");
    assertEquals(eighth, ConfigLoader.load(file, Map.of()).http().bodyLimitBytes());
    Files.writeString(file, "state-machines: {max-step-bytes: 1073741825}\n");
    assertEquals(
        "state-machines.max-step-bytes must be between 1 and 1073741824: 1073741825",
        fileMessage(file));
  }

  @Test
  void aDuration_isAtLeastOneMillisecond_andTheIdleTimeoutFitsNettysInt() {
    assertEquals(
        "task-runner.round-interval must be between 0.001 and 31536000 seconds: 0.0001",
        message(Map.of("ORDO_ROUND_INTERVAL", "0.0001")));
    assertEquals(
        "http.header-read-timeout must be between 0.001 and 31536000 seconds: 0.0004",
        message(Map.of("ORDO_HTTP_HEADER_READ_TIMEOUT", "0.0004")));
    assertEquals(
        "http.idle-timeout must be between 0.001 and 2147483.647 seconds: 2200000",
        message(Map.of("ORDO_HTTP_IDLE_TIMEOUT", "2200000")));
    assertEquals(
        "lock.lease must be between 0.001 and 31536000 seconds: 31536001",
        message(Map.of("ORDO_LOCK_LEASE", "31536001")));
    assertEquals(
        "shutdown.grace-period must be a number of seconds: 5d",
        message(Map.of("ORDO_SHUTDOWN_GRACE_PERIOD", "5d")));
    assertEquals(
        Duration.ofMillis(1),
        ConfigLoader.load(null, Map.of("ORDO_ROUND_INTERVAL", "0.001")).runner().roundInterval());
    assertEquals(
        Duration.ofMillis(Integer.MAX_VALUE),
        ConfigLoader.load(null, Map.of("ORDO_HTTP_IDLE_TIMEOUT", "2147483.647"))
            .http()
            .idleTimeout());
  }

  @Test
  void aDatabaseUrlTheNodeCannotUse_isRefusedAtLoad_withoutItsPassword() {
    assertTrue(
        message(Map.of("ORDO_DB_URL", "mysql://a@b/c"))
            .startsWith("database.url: database URI must start with postgresql://"));
    String port = message(Map.of("ORDO_DB_URL", "postgresql://ordo:s3cret@db:99999/ordo"));
    assertTrue(port.startsWith("database.url: database URI's port must be between 1"), port);
    assertTrue(!port.contains("s3cret"), "the password never appears in an error: " + port);
    assertTrue(message(Map.of("ORDO_DB_URL", "postgresql://")).startsWith("database.url: "));
    assertEquals(
        "postgresql://ordo@db:5432/ordo",
        ConfigLoader.load(null, Map.of("ORDO_DB_URL", "postgresql://ordo@db:5432/ordo"))
            .database()
            .url());
  }

  @Test
  void aNodeName_fitsTheColumnsItIsStoredIn() throws Exception {
    assertEquals(
        "node.name must be at most 255 characters long, not 256",
        message(Map.of("ORDO_NODE_NAME", "n".repeat(256))));
    assertEquals(
        "é".repeat(255),
        ConfigLoader.load(null, Map.of("ORDO_NODE_NAME", "é".repeat(255))).nodeName());
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(file, "node: {name: \"  \"}\n");
    assertEquals("node.name must not be blank", fileMessage(file));
  }

  @Test
  void tlsFiles_mustBePemOfTheirKind() throws Exception {
    Path certificate =
        Files.writeString(dir.resolve("node.crt"), "-----BEGIN CERTIFICATE-----\nMIIB\n");
    Path key = Files.writeString(dir.resolve("node.key"), "-----BEGIN PRIVATE KEY-----\nMIIE\n");
    Path garbage = Files.writeString(dir.resolve("garbage.pem"), "garbage\n");
    assertEquals(
        "cluster.tls.key: "
            + certificate
            + " is not a PEM private key (-----BEGIN PRIVATE KEY-----, PKCS#8)",
        message(tls(certificate, certificate, certificate)));
    assertEquals(
        "cluster.tls.trust: " + garbage + " is not a PEM certificate (-----BEGIN CERTIFICATE-----)",
        message(tls(certificate, key, garbage)));
    assertEquals(
        "cluster.tls.certificate: cannot read " + dir, message(tls(dir, key, certificate)));
    assertEquals(
        key, ConfigLoader.load(null, tls(certificate, key, certificate)).cluster().tls().key());
  }

  @Test
  void aScriptsDirectoryThatIsAFile_isRefused_andAnAbsentOneIsNot() throws Exception {
    Path file = Files.writeString(dir.resolve("scripts"), "");
    assertEquals(
        "scripts-directory: " + file + " is not a directory",
        message(Map.of("ORDO_SCRIPTS_DIR", file.toString())));
    Path absent = dir.resolve("absent");
    assertEquals(
        absent,
        ConfigLoader.load(null, Map.of("ORDO_SCRIPTS_DIR", absent.toString()))
            .scripts()
            .directory());
  }

  private static Map<String, String> tls(Path certificate, Path key, Path trust) {
    return Map.of(
        "ORDO_CLUSTER_TLS_CERT", certificate.toString(),
        "ORDO_CLUSTER_TLS_KEY", key.toString(),
        "ORDO_CLUSTER_TLS_TRUST", trust.toString());
  }

  @Test
  void aListOrMappingWhereOneValueGoes_isRefused_notMadeText() throws Exception {
    Path file = dir.resolve("ordo.yaml");
    Files.writeString(file, "http: {host: [a, b]}\n");
    assertEquals("http.host must be a single value, not a list", fileMessage(file));
    Files.writeString(file, "database: {url: [postgresql://a@b/c]}\n");
    assertEquals("database.url must be a single value, not a list", fileMessage(file));
    Files.writeString(file, "cluster: {members: [{a: 1}]}\n");
    assertEquals("cluster.members must list single values, not a mapping", fileMessage(file));
    Files.writeString(file, "cluster:\n  members:\n    - 10.0.0.1\n    -\n");
    assertEquals("cluster.members must list single values, not an empty item", fileMessage(file));
    Files.writeString(file, "cluster: {members: [10.0.0.1, 10.0.0.2]}\n");
    assertEquals(
        List.of("10.0.0.1", "10.0.0.2"), ConfigLoader.load(file, Map.of()).cluster().members());
  }

  private static String fileMessage(Path file) {
    String message =
        assertThrows(ConfigException.class, () -> ConfigLoader.load(file, Map.of())).getMessage();
    assertTrue(!message.contains("\n"), "one line: " + message);
    return message;
  }

  private static String message(Map<String, String> environment) {
    return assertThrows(ConfigException.class, () -> ConfigLoader.load(null, environment))
        .getMessage();
  }
}
