/**
 * `npm run agent -- ...`: the site agent (docs/agent.md). Runs until SIGTERM or SIGINT; `--discover`
 * scans and prints, then exits.
 */
import { Agent } from './agent.js';
import { parseCommand, USAGE } from './config.js';
import { discover, report } from './sunspec/discover.js';
import { VERSION } from './version.js';

let command;
try {
  command = parseCommand(process.argv.slice(2));
} catch (err) {
  console.error(`${(err as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (command.kind === 'help') {
  console.log(`solar portal site agent ${VERSION}\n\n${USAGE}`);
} else if (command.kind === 'discover') {
  const { target, ports, units, timeoutMs } = command;
  console.log(`Looking for SunSpec devices on ${target} (ports ${ports.join(', ')}, units ${units.join(', ')})...`);
  console.log(report(await discover(target, ports, units, timeoutMs)));
} else {
  const agent = new Agent(command.config);
  agent.start();
  const stop = () => { agent.stop(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
