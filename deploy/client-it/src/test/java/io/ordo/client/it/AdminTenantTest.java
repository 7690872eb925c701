package io.ordo.client.it;

import static io.ordo.client.it.Await.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.HistoryEvent;
import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.TaskManager;
import io.ordo.client.http.exception.ForbiddenException;
import io.ordo.client.http.exception.InvalidTaskException;
import io.ordo.client.http.exception.NotFoundException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** An admin token acting on another tenant (Ordo-Tenant), through the client's builder. */
class AdminTenantTest extends WithOperatorTasks {
  private OrdoClient client(String token, String tenant) {
    return OrdoClient.builder().baseUrl(node.baseUrl()).token(token).tenant(tenant).build();
  }

  @Test
  void anAdminNamingATenant_actsOnThatTenant_streamsIncluded() throws Exception {
    TaskManager adminOnAcme = client(NodeProcess.ADMIN, "acme").tasks();
    TaskManager acme = TaskManagerTest.client(node, NodeProcess.OTHER_TENANT).tasks();

    String id = adminOnAcme.addParallelizedTask("Echo", Map.of("by", "admin")).getMessageId();

    assertEquals(id, acme.getTaskInfo(id).getMessageId(), "the message is acme's");
    assertThrows(InvalidTaskException.class, () -> tasks.getTaskInfo(id), "not default's");
    List<HistoryEvent> got = new CopyOnWriteArrayList<>();
    result(adminOnAcme.followTaskHistory(id, 0, got::add).done());
    assertEquals("TaskScheduled", got.get(0).eventType());
    assertTrue(got.stream().anyMatch(e -> e.eventType().equals("TaskCompleted")), got.toString());
  }

  @Test
  void anotherTenant_isForbiddenToAnOperator_andAnUnknownOneIsNotFound() {
    assertThrows(
        ForbiddenException.class,
        () -> client(NodeProcess.OPERATOR, "acme").tasks().getRegisteredInfo());
    assertThrows(
        NotFoundException.class,
        () -> client(NodeProcess.ADMIN, "no-such-tenant").tasks().getRegisteredInfo());
    assertThrows(IllegalArgumentException.class, () -> OrdoClient.builder().tenant("a\r\nb"));
  }
}
