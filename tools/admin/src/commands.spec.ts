import { COMMANDS, parseArgs, UsageError } from './commands.js';

describe('parseArgs', () => {
  it.each([
    [['team:create', '--name', 'Acme'], { command: 'team:create', flags: { name: ['Acme'] } }],
    [['team:create', '--name=Acme Inc'], { command: 'team:create', flags: { name: ['Acme Inc'] } }],
    [
      ['user:create', '--email', 'a@b.co', '--team', 'T1', '--team', 'T2'],
      { command: 'user:create', flags: { email: ['a@b.co'], team: ['T1', 'T2'] } },
    ],
  ])('%j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each([[[]], [['--name', 'x']], [['team:create', 'stray']], [['team:create', '--name']]])('rejects %j', (argv) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
  });
});

describe('commands', () => {
  it('reject missing and repeated flags before calling any service', async () => {
    const client = {} as never;
    await expect(COMMANDS['team:create']!.run(client, {})).rejects.toThrow('missing --name');
    await expect(COMMANDS['api-key:create']!.run(client, { team: ['a', 'b'], name: ['n'] })).rejects.toThrow(
      'more than once',
    );
  });
});
