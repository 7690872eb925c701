package io.ordo.queue.http;

import io.ordo.config.ConfigException;
import io.ordo.config.OrdoConfig.TokenEntry;
import io.ordo.config.TokenEntries;
import io.ordo.model.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
    if (tokensFile != null) {
      // at start a file that cannot be read stops the node (ConfigException): starting without its
      // tokens would lock their holders out with only a warning in the log
      fileVersion = modified(tokensFile);
      fromFile = TokensFile.read(tokensFile);
      LOG.info("Loaded {} tokens from {}", fromFile.size(), tokensFile);
    }
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

  /**
   * Re-reads the tokens file if it changed; a broken file keeps the previous tokens, with one
   * warning until it changes again.
   */
  public void reloadIfChanged() {
    if (tokensFile == null) {
      return;
    }
    FileTime modified;
    try {
      modified = modified(tokensFile);
    } catch (ConfigException e) {
      if (fileVersion != null) {
        LOG.warn("{}; keeping the previous tokens", e.getMessage());
        fileVersion = null; // warned: once until the file is back
      }
      return;
    }
    if (modified.equals(fileVersion)) {
      return;
    }
    fileVersion = modified;
    try {
      fromFile = TokensFile.read(tokensFile);
      LOG.info("Loaded {} tokens from {}", fromFile.size(), tokensFile);
    } catch (ConfigException e) {
      LOG.warn("{}; keeping the previous tokens", e.getMessage());
    }
  }

  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (NoSuchFileException e) {
      throw new ConfigException("tokens-file " + file + ": no such file");
    } catch (IOException e) {
      throw new ConfigException("tokens-file " + file + ": cannot be read (" + e + ")");
    }
  }
}
