package io.ordo.queue.http;

import io.ordo.config.ConfigException;
import io.ordo.config.OrdoConfig.TokenEntry;
import io.ordo.config.TokenEntries;
import io.ordo.model.Role;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The bearer tokens this node accepts, kept only as SHA-256 hashes. Tokens from configuration are
 * fixed; those of the tokens file are re-read when it changes, so a token can be rotated without a
 * restart.
 */
public final class TokenRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(TokenRegistry.class);

  private final Map<String, TokenEntry> fixed = new HashMap<>();
  private final Path tokensFile;
  private volatile Map<String, TokenEntry> fromFile = Map.of();
  private FileTime fileVersion;

  public TokenRegistry(List<TokenEntry> tokens, String devToken, Path tokensFile) {
    tokens.forEach(t -> fixed.put(t.tokenHash(), t));
    if (devToken != null && !devToken.isBlank()) {
      String hash = TokenEntries.hash(devToken);
      fixed.put(hash, new TokenEntry(hash, "default", Role.OPERATOR));
    }
    this.tokensFile = tokensFile;
    reloadIfChanged();
  }

  /** The entry of a presented token, if any. */
  public Optional<TokenEntry> find(String token) {
    String hash = TokenEntries.hash(token);
    TokenEntry entry = fixed.get(hash);
    return Optional.ofNullable(entry != null ? entry : fromFile.get(hash));
  }

  /** Whether some known token names this tenant. */
  public boolean namesTenant(String tenant) {
    return fixed.values().stream().anyMatch(t -> t.tenant().equals(tenant))
        || fromFile.values().stream().anyMatch(t -> t.tenant().equals(tenant));
  }

  /** Re-reads the tokens file if it changed; a broken file keeps the previous tokens. */
  public void reloadIfChanged() {
    if (tokensFile == null) {
      return;
    }
    try {
      FileTime modified = Files.getLastModifiedTime(tokensFile);
      if (modified.equals(fileVersion)) {
        return;
      }
      Map<String, TokenEntry> loaded = new HashMap<>();
      try (Reader reader = Files.newBufferedReader(tokensFile)) {
        Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
        Object list = root instanceof Map<?, ?> map ? map.get("tokens") : root;
        if (list instanceof List<?> entries) {
          for (Object item : entries) {
            if (item instanceof Map<?, ?> entryMap) {
              TokenEntry entry = TokenEntries.fromMap(entryMap);
              loaded.put(entry.tokenHash(), entry);
            }
          }
        }
      }
      fromFile = Map.copyOf(loaded);
      fileVersion = modified;
      LOG.info("Loaded {} tokens from {}", loaded.size(), tokensFile);
    } catch (IOException | ConfigException | ClassCastException e) {
      LOG.warn(
          "Cannot read tokens file {}: {}; keeping the previous tokens",
          tokensFile,
          e.getMessage());
    }
  }
}
