import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { type ExecutionContext } from '@nestjs/common';
import { IsIn, IsString } from 'class-validator';
import { Choices, FormPipe, Posted, Text, Ticked } from './form-input.js';

class ExampleForm {
  @Text() name = '';
  @Text({ trim: false }) csv = '';
  @Text({ cut: 5 }) short = '';
  @Ticked() ticked = false;
  @Choices(['a', 'b', 'c']) picked: string[] = [];
  @Text() @IsIn(['x', 'y']) kind = 'x';
}

const parse = (value: unknown) => ({ ...new FormPipe(ExampleForm).transform(value) });
const defaults = { name: '', csv: '', short: '', ticked: false, picked: [], kind: 'x' };

describe('FormPipe', () => {
  it.each([
    ['nothing posted', undefined, defaults],
    ['not an object', 'name=x', defaults],
    [
      'text trimmed, the CSV kept as posted',
      { name: '  Ann ', csv: ' a,b\n' },
      { ...defaults, name: 'Ann', csv: ' a,b\n' },
    ],
    ['a repeated text field is not one value', { name: ['a', 'b'] }, defaults],
    ['text cut', { short: ' abcdefgh' }, { ...defaults, short: 'abcde' }],
    ['a box is ticked when present', { ticked: '1' }, { ...defaults, ticked: true }],
    ['choices keep the known ones, in their order', { picked: ['c', 'z', 'a'] }, { ...defaults, picked: ['a', 'c'] }],
    ['one choice', { picked: 'b' }, { ...defaults, picked: ['b'] }],
    ['a value its rules refuse falls back to the default', { kind: 'z' }, defaults],
    ['an allowed value', { kind: ' y ' }, { ...defaults, kind: 'y' }],
    ['fields the form does not name are dropped', { csrf: 't', other: 1 }, defaults],
  ])('%s', (_case, value, expected) => {
    expect(parse(value)).toEqual(expected);
  });
});

describe('Posted', () => {
  class MemberPath {
    @IsString() userId = '';
  }

  /** What `@Posted(options)` gives a handler for a request with these params and body. */
  function posted(options: Parameters<typeof Posted>[0], params: object, body: unknown) {
    class Handler {
      handle(@Posted(options) _input: unknown) {}
    }
    const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Handler, 'handle') as Record<
      string,
      { data: unknown; factory: (data: unknown, context: ExecutionContext) => unknown }
    >;
    const { data, factory } = Object.values(args)[0]!;
    const req = { params, body, viewer: { teamId: 'team_1' } };
    return factory(data, { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext);
  }

  it("gives the viewer, the route's :id and the form shaped by its DTO", () => {
    expect(posted({ form: ExampleForm }, { id: 'wh_1' }, { name: '  n ', csrf: 'x' })).toEqual({
      id: 'wh_1',
      viewer: { teamId: 'team_1' },
      form: expect.objectContaining({ ...defaults, name: 'n' }),
    });
  });

  it('reads another path shape, and an empty form when none is named', () => {
    expect(posted({ path: MemberPath }, { userId: 'usr_1' }, { csrf: 'x' })).toEqual({
      userId: 'usr_1',
      viewer: { teamId: 'team_1' },
      form: {},
    });
  });
});
