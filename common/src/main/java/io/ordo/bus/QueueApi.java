package io.ordo.bus;

/**
 * The event-bus form of the queue service's HTTP API, served at {@link Addresses#QUEUE_API}: the
 * same operations, errors and JSON, for callers inside the cluster.
 *
 * <p>A request is a {@code JsonObject} with the HTTP request's body members and its path and query
 * parameters side by side (e.g. {@code {"messageId": ..., "queue": "serial", "reentry": true}} for
 * a release); the reply is the HTTP answer's JSON object ({@code {}} where HTTP answers 204, and
 * lists wrapped as {@code {"queues": [...]}} or {@code {"taskTypes": [...]}}). Failures carry an
 * {@link io.ordo.ErrorCode}'s bus code (see {@link BusErrors}).
 *
 * <p><b>Trust:</b> the event bus is inside Ordo's trust boundary. The tenant, role and principal
 * are taken from the headers as given, without a token: any member of the cluster may act for any
 * tenant. Protect the clustered event bus (TLS, Hazelcast member authentication) accordingly and
 * never bridge this address to untrusted clients.
 */
public final class QueueApi {
  private QueueApi() {}

  /** Header: the operation, one of {@link Action}'s wire names. Required. */
  public static final String ACTION = "action";

  /** Header: the tenant the request acts on. Required. */
  public static final String TENANT = "tenant";

  /** Header: {@code submitter}, {@code operator} or {@code admin}; default operator. */
  public static final String ROLE = "role";

  /** Header: the principal recorded in a registration's context; default {@code eventbus}. */
  public static final String PRINCIPAL = "principal";

  /** Header: a W3C {@code traceparent} for a registration's context. Optional. */
  public static final String TRACEPARENT = "traceparent";

  /** Header: an {@code Accept-Language} value, the default locale of a registration. Optional. */
  public static final String ACCEPT_LANGUAGE = "acceptLanguage";

  /** The principal recorded when a request names none. */
  public static final String DEFAULT_PRINCIPAL = "eventbus";

  /** The operations; each wire name is the HTTP operation's {@code operationId}. */
  public enum Action {
    /** {@code POST /parallel-queue/tasks}: the registration body → task info. */
    REGISTER_PARALLEL_TASK("registerParallelTask"),
    /** {@code POST /serial-queues/{queueId}/tasks}: {queueId} and the registration body. */
    REGISTER_SERIAL_TASK("registerSerialTask"),
    /** {@code PUT /parallel-queue/active}: {active} → {isActive}. */
    SET_PARALLEL_QUEUE_ACTIVE("setParallelQueueActive"),
    /** {@code GET /parallel-queue}: {limit?}. */
    GET_PARALLEL_QUEUE("getParallelQueue"),
    /** {@code POST /serial-queues}: {queueId, active?} → the queue. */
    ADD_SERIAL_QUEUE("addSerialQueue"),
    /** {@code GET /serial-queues} → {queues}. */
    LIST_SERIAL_QUEUES("listSerialQueues"),
    /** {@code GET /serial-queues/{queueId}}: {queueId, limit?}. */
    GET_SERIAL_QUEUE("getSerialQueue"),
    /** {@code PUT /serial-queues/{queueId}/active}: {queueId, active} → {isActive}. */
    SET_SERIAL_QUEUE_ACTIVE("setSerialQueueActive"),
    /** {@code DELETE /serial-queues/{queueId}}: {queueId} → {}. */
    REMOVE_SERIAL_QUEUE("removeSerialQueue"),
    /** {@code GET /tasks/{messageId}}: {messageId} → task info. */
    GET_TASK("getTask"),
    /** {@code DELETE /tasks/{messageId}}: {messageId, queue?} → {}. */
    REMOVE_TASK("removeTask"),
    /** {@code POST /tasks/{messageId}/release}: {messageId, queue?, reentry?, stop?}. */
    RELEASE_TASK("releaseTask"),
    /** {@code POST /tasks/{messageId}/stop}: {messageId, queue?, reentry?, stop?}. */
    STOP_TASK("stopTask"),
    /**
     * {@code GET /tasks/{messageId}/history}: {messageId, reverseOrder?, maximumPageSize?, ...}.
     */
    GET_TASK_HISTORY("getTaskHistory"),
    /** {@code GET /task-types} → {taskTypes}. */
    LIST_TASK_TYPES("listTaskTypes"),
    /** {@code GET /status}: {limit?} → the RegisteredInfo snapshot. */
    GET_STATUS("getStatus");

    private final String wireName;

    Action(String wireName) {
      this.wireName = wireName;
    }

    /** The value of the {@code action} header. */
    public String wireName() {
      return wireName;
    }

    /** The action of a wire name, or null if there is none. */
    public static Action fromWireName(String name) {
      for (Action action : values()) {
        if (action.wireName.equals(name)) {
          return action;
        }
      }
      return null;
    }
  }
}
