/**
 * The Amazon States Language as Ordo understands it: a pure-Java model, parser and validator of
 * state-machine definitions, plus the pieces of their runtime semantics that need no I/O (paths,
 * payload templates, input/output processing, Choice rules, Retry and Catch).
 *
 * <p>Entry points:
 *
 * <ul>
 *   <li>{@link io.ordo.statemachine.language.DefinitionValidator#validate} lists every problem of a
 *       definition, each with its JSON path, before it is stored.
 *   <li>{@link io.ordo.statemachine.language.StateMachineDefinition#parse} turns a valid definition
 *       into immutable {@link io.ordo.statemachine.language.State} objects.
 *   <li>{@link io.ordo.statemachine.language.StateIo} computes a state's effective input and its
 *       output, in Step Functions' order.
 *   <li>{@link io.ordo.statemachine.language.ChoiceState#nextState}, {@link
 *       io.ordo.statemachine.language.RetryPolicy#nextRetry}, {@link
 *       io.ordo.statemachine.language.ErrorHandling#catcherFor}, {@link
 *       io.ordo.statemachine.language.WaitState#wakeUpTime} and {@link
 *       io.ordo.statemachine.language.MapIteration#itemInputs} answer the decider's other
 *       questions.
 * </ul>
 *
 * <p>JSON values are Vert.x values: {@code JsonObject}, {@code JsonArray}, {@code String}, {@code
 * Number}, {@code Boolean} and {@code null}. Nothing here mutates a document it is given.
 */
package io.ordo.statemachine.language;
