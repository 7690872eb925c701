package io.ordo.model;

/**
 * Who makes a request: the tenant it acts on, its role and the principal to record in the
 * registration context.
 */
public record Caller(String tenant, Role role, String principal) {
  public boolean may(Role required) {
    return role.includes(required);
  }
}
