package io.ordo.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A token is checked when it is given, and its check never shows it. */
class TokenTest {
  @Test
  void aSecretFilesTrailingNewline_isDropped_andTheTokenSent() throws Exception {
    try (FakeServer server = new FakeServer(FakeServer.answering(204, "application/json", ""))) {
      OrdoClient ordo =
          OrdoClient.builder().baseUrl(server.baseUrl()).token("probe-token\r\n").build();
      assertTrue(ordo.tasks().removeParallelizedTask("m"));
      assertTrue(
          server.requests().get(0).contains("\r\nAuthorization: Bearer probe-token\r\n"),
          server.requests().get(0));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"probe\ntoken", "probe\rtoken", "probe token", "pröbe-token", "\n", ""})
  void aTokenThatCannotBeSent_isRefusedByTheBuilder_withoutShowingIt(String token) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> OrdoClient.builder().token(token));
    assertFalse(
        token.strip().length() > 2 && e.getMessage().contains(token.strip()), e.getMessage());
    assertFalse(e.getMessage().contains("probe"), e.getMessage());
  }

  @Test
  void aSuppliedTokenThatCannotBeSent_failsTheCall_withoutShowingIt() {
    OrdoClient ordo =
        OrdoClient.builder()
            .baseUrl("http://127.0.0.1:1")
            .tokenSupplier(() -> "probe\ntoken")
            .requestTimeout(Duration.ofSeconds(5))
            .build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ordo.tasks().getTaskInfo("m"));
    assertFalse(e.getMessage().contains("probe"), e.getMessage());
    CompletionException async =
        assertThrows(CompletionException.class, ordo.tasks().getTaskInfoAsync("m")::join);
    assertInstanceOf(IllegalArgumentException.class, async.getCause());
    assertEquals(e.getMessage(), async.getCause().getMessage());
  }
}
