package io.ordo.statemachine.language;

/**
 * One entry of a Choice state's {@code Choices}: a rule and where to go when it holds.
 *
 * @param rule the condition
 * @param next the state to go to
 */
public record Choice(ChoiceRule rule, String next) {}
