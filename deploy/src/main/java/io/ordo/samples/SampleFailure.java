package io.ordo.samples;

/** What the Fail sample throws; its class name is the error a state machine can catch. */
public class SampleFailure extends RuntimeException {
  public SampleFailure(String message) {
    super(message);
  }
}
