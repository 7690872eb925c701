package io.ordo.lock;

/** What a node hears from its {@link LeaseKeeper}. */
public interface LeaseListener {
  /**
   * A renewal found the lease expired (the node was paused or cut off): every lock it held under
   * {@code lostOwnerId} lapsed. Called before a new owner registers; until then the keeper has no
   * owner id.
   */
  void leaseLost(String lostOwnerId);

  /**
   * A lease is held under {@code ownerId}: at start, and again after a lost lease. Nothing to do
   * for a node that never addresses anyone by its owner id.
   */
  default void leaseAcquired(String ownerId) {}
}
