package io.ordo.db;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.security.SecureRandom;

/**
 * The SQL of {@code ordo_node_secret}: secret keys the farm shares, one per purpose. The first node
 * that asks for a key creates it ({@code ON CONFLICT DO NOTHING}); every node then reads the one
 * stored, so all agree without configuration. Keys never leave the nodes.
 */
public final class NodeSecrets {
  /**
   * Signs page tokens (histories, task and execution lists, waiting lists): {@link TokenSigner}.
   */
  public static final String PAGE_TOKENS = "page-tokens";

  /** Keys the ids that name principals in histories. */
  public static final String PRINCIPALS = "principals";

  private static final int KEY_BYTES = 32;

  private static final String CREATE =
      // $1 the key's purpose, $2 fresh random bytes (kept only if no key exists yet)
      "INSERT INTO ordo_node_secret (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING";

  private static final String READ =
      // $1 the key's purpose
      "SELECT secret FROM ordo_node_secret WHERE name = $1";

  private NodeSecrets() {}

  /** The key of a purpose, created at the first call anywhere in the farm. */
  public static Future<byte[]> key(SqlClient client, String name) {
    byte[] fresh = new byte[KEY_BYTES];
    new SecureRandom().nextBytes(fresh);
    return client
        .preparedQuery(CREATE)
        .execute(Tuple.of(name, Buffer.buffer(fresh)))
        .compose(v -> client.preparedQuery(READ).execute(Tuple.of(name)))
        .map(rows -> rows.iterator().next().getBuffer("secret").getBytes());
  }
}
