package io.ordo.queue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.config.ConfigException;
import io.ordo.config.TokenEntries;
import io.ordo.model.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokens are kept hashed and can be rotated without a restart (SPEC 10). */
class TokenRegistryTest {
  @TempDir Path dir;

  @Test
  void aTokensFile_isReadAgainWhenItChanges_andABrokenOneKeepsThePreviousTokens() throws Exception {
    Path file = dir.resolve("tokens.yaml");
    Files.writeString(
        file,
        "tokens:\n  - {hash: \""
            + TokenEntries.hash("old")
            + "\", tenant: acme, role: operator}\n");
    TokenRegistry tokens = new TokenRegistry(List.of(), "dev", file);
    assertEquals("acme", tokens.find("old").orElseThrow().tenant());
    assertEquals(Role.OPERATOR, tokens.find("dev").orElseThrow().role());

    Files.writeString(file, "tokens:\n  - {token: new, tenant: acme, role: submitter}\n");
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
    tokens.reloadIfChanged();
    assertTrue(tokens.find("old").isEmpty(), "the rotated-out token no longer works");
    assertEquals(Role.SUBMITTER, tokens.find("new").orElseThrow().role());

    Files.writeString(file, "tokens: [ {tenant: acme} ]\n");
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(10)));
    tokens.reloadIfChanged();
    assertTrue(tokens.find("new").isPresent(), "a broken file keeps the tokens it had");
  }

  @Test
  void aTokensFileThatCannotBeRead_stopsTheStart_withOneLineWithoutItsTokens() throws Exception {
    Path absent = dir.resolve("absent.yaml");
    assertEquals(
        "tokens-file " + absent + ": no such file",
        assertThrows(ConfigException.class, () -> new TokenRegistry(List.of(), null, absent))
            .getMessage());
    Path file = dir.resolve("tokens.yaml");
    Files.writeString(file, "tokens:\n  - {token: s3cret, tenant: acme, role: operator\n");
    String broken =
        assertThrows(ConfigException.class, () -> new TokenRegistry(List.of(), null, file))
            .getMessage();
    assertTrue(broken.startsWith("tokens-file " + file + ": not valid YAML (line "), broken);
    assertFalse(broken.contains("s3cret") || broken.contains("\n"), broken);
    Files.writeString(file, "tokens: {s3cret: acme}\n");
    assertTrue(
        assertThrows(ConfigException.class, () -> new TokenRegistry(List.of(), null, file))
            .getMessage()
            .startsWith("tokens-file " + file + ": must be a list"));
  }

  @Test
  void aTokensFileBrokenByARotation_keepsThePreviousTokens_withoutThrowing() throws Exception {
    Path file = dir.resolve("tokens.yaml");
    Files.writeString(file, "- {token: kept, tenant: acme, role: operator}\n");
    TokenRegistry tokens = new TokenRegistry(List.of(), null, file);

    Files.writeString(file, "tokens:\n  - {token: next, tenant: acme\n");
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
    tokens.reloadIfChanged(); // SnakeYAML's exception escaped the periodic reload, every period
    Files.delete(file);
    tokens.reloadIfChanged();

    assertTrue(tokens.find("kept").isPresent());
  }

  @Test
  void onlyHashesAreKept() {
    String hash = TokenEntries.hash("s3cret");
    assertTrue(hash.startsWith("sha256:") && !hash.contains("s3cret"));
    assertEquals(71, hash.length());
  }
}
