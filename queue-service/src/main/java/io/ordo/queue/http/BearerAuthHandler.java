package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.config.OrdoConfig.TokenEntry;
import io.ordo.db.Hmac;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Authenticates {@code Authorization: Bearer <token>} and puts the {@link Caller} (tenant, role,
 * principal) on the routing context. An admin token may act on another tenant with the {@code
 * Ordo-Tenant} header.
 */
public final class BearerAuthHandler implements Handler<RoutingContext> {
  public static final String CALLER = "ordo.caller";
  public static final String TENANT_HEADER = "Ordo-Tenant";
  private static final Pattern TENANT = Pattern.compile("^[A-Za-z0-9_.-]{1,255}$");

  private final TokenRegistry tokens;
  private final Hmac principals;
  private final Function<String, Future<Boolean>> tenantHasData;
  private final Map<String, String> principalsByHash = new ConcurrentHashMap<>();

  /**
   * @param principals keys the id that names a token's holder in histories
   * @param tenantHasData whether a tenant no token names holds queues (an admin may act on it)
   */
  public BearerAuthHandler(
      TokenRegistry tokens, Hmac principals, Function<String, Future<Boolean>> tenantHasData) {
    this.tokens = tokens;
    this.principals = principals;
    this.tenantHasData = tenantHasData;
  }

  @Override
  public void handle(RoutingContext rc) {
    String header = rc.request().getHeader("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      rc.fail(
          new TaskControlException(
              ErrorCode.UNAUTHORIZED, "send Authorization: Bearer <token> with every request"));
      return;
    }
    TokenEntry entry = tokens.find(header.substring(7).trim()).orElse(null);
    if (entry == null) {
      rc.fail(new TaskControlException(ErrorCode.UNAUTHORIZED, "the bearer token is not valid"));
      return;
    }
    String tenant = entry.tenant();
    String asked = rc.request().getHeader(TENANT_HEADER);
    if (asked != null && !asked.equals(tenant)) {
      if (entry.role() != Role.ADMIN) {
        rc.fail(
            new TaskControlException(
                ErrorCode.FORBIDDEN, "only an admin token may act on another tenant"));
        return;
      }
      if (!TENANT.matcher(asked).matches()) {
        rc.fail(
            new TaskControlException(
                ErrorCode.INVALID_REQUEST,
                TENANT_HEADER + " must be 1 to 255 letters, digits, '_', '.' or '-'"));
        return;
      }
      tenant = asked;
    }
    Caller caller = new Caller(tenant, entry.role(), principal(entry));
    if (tenant.equals(entry.tenant()) || tokens.namesTenant(tenant)) {
      proceed(rc, caller);
      return;
    }
    // An admin names a tenant no token names: it must exist (hold queues), never be made up.
    rc.request().pause(); // the body handler that follows resumes it
    tenantHasData
        .apply(tenant)
        .onComplete(
            known -> {
              if (known.failed()) {
                rc.fail(known.cause());
              } else if (!known.result()) {
                rc.fail(
                    new TaskControlException(
                        ErrorCode.NOT_FOUND,
                        "no tenant '"
                            + caller.tenant()
                            + "': no token names it and it has no queues",
                        new JsonObject().put("tenant", caller.tenant())));
              } else {
                proceed(rc, caller);
              }
            });
  }

  /**
   * Tokens carry no user name: the principal names the token by a keyed hash of it (HMAC with the
   * farm's principal key), which tells tokens apart without revealing anything about them.
   */
  private String principal(TokenEntry entry) {
    return principalsByHash.computeIfAbsent(
        entry.tokenHash(),
        hash ->
            entry.role().name().toLowerCase(Locale.ROOT)
                + "@"
                + entry.tenant()
                + "#"
                + HexFormat.of().formatHex(principals.sign(hash), 0, 6));
  }

  private static void proceed(RoutingContext rc, Caller caller) {
    rc.put(CALLER, caller);
    rc.next();
  }

  public static Caller caller(RoutingContext rc) {
    return rc.get(CALLER);
  }
}
