import { IsIn } from 'class-validator';
import { Choices, FormPipe, Text, Ticked } from './form-input.js';

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
