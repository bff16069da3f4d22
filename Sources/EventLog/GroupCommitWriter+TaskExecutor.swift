extension GroupCommitWriter: TaskExecutor {
  /// Runs `job` on the writer's thread, after the commit in progress (``EventLog/executor``).
  func enqueue(_ job: consuming ExecutorJob) {
    enqueue(job: UnownedJob(job))
  }
}
