package io.ordo.runner.tasktype;

import io.ordo.task.AbstractTask;

/** Breaks a rule: abstract. */
public abstract class AbstractBadTask extends AbstractTask {}
