package io.ordo.statemachine.language;

/**
 * A transition found while validating a state: to {@code target}, written at {@code at} (a Next,
 * Default, choice Next or catcher Next). {@code at} is null for a transition read leniently from a
 * state too broken to validate, which only counts for reachability.
 */
record Edge(String target, Location at) {}
