/**
 * Entry of the worker that makes a whole search index's files beside the build's last stages
 * (cli/build/search-packed.ts, `WorkerPool.another`). An entry of its own: started on worker.ts,
 * it loaded the render's and the Markdown's modules it never runs (a live worker 17 MB against
 * 11), beside the main thread's last stages, where the kept build's peak RSS is (issue 21).
 */
import { type PackedRecords, writePackedFiles } from './search-packed.ts';
import { serveTasks } from './worker-tasks.ts';

serveTasks({
  'search-files': ({ dir, records }: { dir: string; records: PackedRecords }) => writePackedFiles(dir, records),
});
