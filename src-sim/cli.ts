// `npm run sim -- --port N --token T [--eu-port M --eu-token T2] [--speed X] [--state FILE]`: the simulator as a process.
import { parseArgs } from 'node:util';
import { startSimulator, type SimulatorOptions } from './index';

const USAGE = 'usage: npm run sim -- --port N --token T [--eu-port M --eu-token T2] [--speed X] [--state FILE]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function port(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${flag} must be a port number 0-65535 (0 picks a free one), got ${value}`);
  return n;
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      token: { type: 'string' },
      'eu-port': { type: 'string' },
      'eu-token': { type: 'string' },
      speed: { type: 'string' },
      state: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (args.help) {
  process.stdout.write(USAGE + '\n');
  process.exit(0);
}
if (!args.token) fail('--token is required');
const options: SimulatorOptions = { token: args.token, port: port(args.port, '--port') ?? 0 };
const euPort = port(args['eu-port'], '--eu-port');
if (euPort !== undefined) {
  if (!args['eu-token']) fail('--eu-port needs --eu-token');
  options.euPort = euPort;
  options.euToken = args['eu-token'];
} else if (args['eu-token']) fail('--eu-token needs --eu-port');
if (args.speed !== undefined) {
  const speed = Number(args.speed);
  if (!(speed > 0) || !Number.isFinite(speed)) fail(`--speed must be a positive number, got ${args.speed}`);
  options.speed = speed;
}
if (args.state) options.state = args.state;

let sim;
try {
  sim = await startSimulator(options);
} catch (err) {
  process.stderr.write(`sim: could not start: ${(err as Error).message}\n`);
  process.exit(1);
}
process.stdout.write(`sim listening on ${sim.url}\n`);
if (sim.euUrl) process.stdout.write(`sim (eu) listening on ${sim.euUrl}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // Saves the state file (if any) before exiting.
  void sim.close().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`sim: error while stopping: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
