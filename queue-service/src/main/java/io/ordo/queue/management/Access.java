package io.ordo.queue.management;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.Caller;
import io.ordo.model.Role;

/** Role checks, in one place: every management operation states the role it needs. */
public final class Access {
  private Access() {}

  public static void require(Caller caller, Role role) {
    if (!caller.may(role)) {
      throw new TaskControlException(
          ErrorCode.FORBIDDEN,
          "this needs the "
              + role.name().toLowerCase(java.util.Locale.ROOT)
              + " role; the token has "
              + caller.role().name().toLowerCase(java.util.Locale.ROOT));
    }
  }
}
