package io.ordo.model;

/** The two kinds of queue a tenant has: its one parallel queue and any number of serial queues. */
public enum QueueKind {
  PARALLEL("parallel", "P"),
  SERIAL("serial", "S");

  private final String apiName;
  private final String dbCode;

  QueueKind(String apiName, String dbCode) {
    this.apiName = apiName;
    this.dbCode = dbCode;
  }

  /** {@code parallel} or {@code serial}, as the API shows it. */
  public String apiName() {
    return apiName;
  }

  /** The one-letter code stored in the queue and task tables. */
  public String dbCode() {
    return dbCode;
  }

  public static QueueKind fromDbCode(String code) {
    return "S".equals(code) ? SERIAL : PARALLEL;
  }

  public static QueueKind fromApiName(String name) {
    for (QueueKind kind : values()) {
      if (kind.apiName.equals(name)) {
        return kind;
      }
    }
    throw new IllegalArgumentException("unknown queue kind " + name);
  }
}
