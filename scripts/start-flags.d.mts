/** The Node flags package.json's start script (in `root`, default the working folder) runs the server with. */
export function startNodeFlags(root?: string): string[];
