package io.ordo.config;

import io.ordo.config.OrdoConfig.TokenEntry;
import io.ordo.model.Role;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Parses token entries and hashes tokens: only hashes are kept in memory. */
public final class TokenEntries {
  public static final String HASH_PREFIX = "sha256:";

  private TokenEntries() {}

  /** {@code token:tenant:role,token:tenant:role} (the ORDO_TOKENS form). */
  public static List<TokenEntry> parseList(String text) {
    List<TokenEntry> entries = new ArrayList<>();
    for (String item : text.split(",")) {
      String trimmed = item.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      String[] parts = trimmed.split(":");
      if (parts.length != 3 || parts[0].isBlank() || parts[1].isBlank()) {
        throw new ConfigException(
            "tokens: '"
                + redact(trimmed)
                + "' is not token:tenant:role (e.g. s3cret:default:operator)");
      }
      entries.add(entry(hash(parts[0]), parts[1], parts[2]));
    }
    return entries;
  }

  /** A YAML entry: {@code {hash: sha256:<hex>, tenant, role}} or {@code {token, tenant, role}}. */
  public static TokenEntry fromMap(Map<?, ?> map) {
    Object hash = map.get("hash");
    Object token = map.get("token");
    Object tenant = map.get("tenant");
    Object role = map.get("role");
    if ((hash == null) == (token == null) || tenant == null || role == null) {
      throw new ConfigException(
          "tokens: each entry needs exactly one of token/hash, a tenant and a role");
    }
    String tokenHash = hash != null ? hash.toString() : hash(token.toString());
    if (!tokenHash.startsWith(HASH_PREFIX)) {
      throw new ConfigException("tokens: hash must look like sha256:<64 hex digits>");
    }
    return entry(tokenHash, tenant.toString(), role.toString());
  }

  /** The stored form of a token: {@code sha256:<hex>}. */
  public static String hash(String token) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HASH_PREFIX
          + HexFormat.of().formatHex(digest.digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  private static TokenEntry entry(String hash, String tenant, String role) {
    try {
      return new TokenEntry(hash, tenant.trim(), Role.parse(role));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("tokens: " + e.getMessage());
    }
  }

  private static String redact(String item) {
    int colon = item.indexOf(':');
    return colon < 0 ? "***" : "***" + item.substring(colon);
  }
}
