package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.client.http.exception.InvalidTaskException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A message id a URL cannot carry is, as documented for an id without a message, invalid_task. */
class DotIdTest {
  private final TaskManager tasks =
      OrdoClient.builder().baseUrl("http://127.0.0.1:1").maxRetries(0).build().tasks();

  @ParameterizedTest
  @ValueSource(strings = {".", ".."})
  void aDotId_isAnInvalidTask_withoutAsking(String id) {
    InvalidTaskException e =
        assertThrows(InvalidTaskException.class, () -> tasks.removeParallelizedTask(id));
    assertEquals(0, e.status());
    assertThrows(InvalidTaskException.class, () -> tasks.getTaskInfo(id));
    assertInstanceOf(
        InvalidTaskException.class,
        assertThrows(CompletionException.class, tasks.removeSerializedTaskAsync(id)::join)
            .getCause());
  }
}
