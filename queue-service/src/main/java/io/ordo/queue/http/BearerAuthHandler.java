package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.config.OrdoConfig.TokenEntry;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
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

  public BearerAuthHandler(TokenRegistry tokens) {
    this.tokens = tokens;
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
    // Tokens carry no user name: the principal names the token by a prefix of its hash.
    String principal =
        entry.role().name().toLowerCase(java.util.Locale.ROOT)
            + "@"
            + entry.tenant()
            + "#"
            + entry.tokenHash().substring("sha256:".length(), "sha256:".length() + 8);
    rc.put(CALLER, new Caller(tenant, entry.role(), principal));
    rc.next();
  }

  public static Caller caller(RoutingContext rc) {
    return rc.get(CALLER);
  }
}
