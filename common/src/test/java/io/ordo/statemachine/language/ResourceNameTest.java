package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResourceNameTest {

  @Test
  void parse_acceptsOrdoNamesActivityArnsAndFunctionArns() {
    assertEquals(Optional.of(new ResourceName("Add")), ResourceName.parse("ordo:task:Add"));
    assertEquals(
        Optional.of(new ResourceName("Add")),
        ResourceName.parse("arn:aws:states:us-east-1:123456789012:activity:Add"));
    assertEquals(
        Optional.of(new ResourceName("AddressFinder")),
        ResourceName.parse("arn:aws:lambda:us-east-1:123456789012:function:AddressFinder"));
    assertEquals(
        Optional.of(new ResourceName("com.example.Sleep")),
        ResourceName.parse("ordo:task:com.example.Sleep"));
  }

  @Test
  void parse_refusesEverythingElse() {
    for (String resource :
        new String[] {
          "Add",
          "ordo:task:",
          "ordo:task:a:b",
          "ordo:job:Add",
          "arn:aws:states:::lambda:invoke",
          "arn:aws:lambda:us-east-1:123456789012:function:Name:$LATEST",
          "arn:aws:states:us-east-1:123456789012:stateMachine:Other",
          "arn:activity:Add",
          "arn:aws:states:us-east-1:123456789012:activity:"
        }) {
      assertEquals(Optional.empty(), ResourceName.parse(resource), resource);
    }
    assertEquals(Optional.empty(), ResourceName.parse(null));
  }
}
