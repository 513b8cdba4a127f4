import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterContinuations, filterShape, parseWhere } from '../../src/search/filters.js';
import { fuzzParameters, hostileText } from '../fuzz/arbitraries.js';

const eq = (fieldName: string, value: string) => ({ filter: { fieldName, operator: 'eq', value } });

describe('parseWhere', () => {
  it('reads FIELD=VALUE, splitting at the first "=" and keeping the value as typed', () => {
    expect(parseWhere('Email=ada@example.com')).toEqual(eq('Email', 'ada@example.com'));
    expect(parseWhere('Name=Ada Okafor')).toEqual(eq('Name', 'Ada Okafor'));
    expect(parseWhere('Formula=a=b')).toEqual(eq('Formula', 'a=b'));
    expect(parseWhere('Full Name=Ada')).toEqual(eq('Full Name', 'Ada'));
    expect(parseWhere('Note=@home')).toEqual(eq('Note', '@home'));
    expect(parseWhere('Title=')).toEqual(eq('Title', ''));
  });

  it('reads FIELD eq VALUE, in any case, taking one pair of quotes off the value', () => {
    expect(parseWhere('stage eq customer')).toEqual(eq('stage', 'customer'));
    expect(parseWhere('Name EQ Ada Okafor')).toEqual(eq('Name', 'Ada Okafor'));
    expect(parseWhere(`Name eq "Ada Okafor"`)).toEqual(eq('Name', 'Ada Okafor'));
    expect(parseWhere(`Name eq 'x=y'`)).toEqual(eq('Name', 'x=y'));
    expect(parseWhere('Email eq a=b')).toEqual(eq('Email', 'a=b'));
  });

  it('rejects any other operator, naming eq and showing how to write the filter', () => {
    for (const [text, operator] of [['Amount gt 5', 'gt'], ['Name contains Ada', 'contains'], ['Name = Ada', '='], ['Amount >= 5', '>='], ['Name ne Ada', 'ne']]) {
      const parsed = parseWhere(text as string);
      expect(parsed).toHaveProperty('problem');
      const problem = (parsed as { problem: string }).problem;
      expect(problem).toContain(`the operator "${operator}" is not supported`);
      expect(problem).toContain('the only supported operator is eq');
    }
    expect(parseWhere('Amount gt 5')).toEqual({ problem: '"Amount gt 5": the operator "gt" is not supported; the only supported operator is eq (write Amount=5 or "Amount eq 5").' });
  });

  it('rejects text that is not a filter', () => {
    expect(parseWhere('Name')).toEqual({ problem: '"Name" is not a filter; write FIELD=VALUE or "FIELD eq VALUE".' });
    expect(parseWhere('=Ada')).toEqual({ problem: '"=Ada" has no field name before "="; write FIELD=VALUE.' });
    expect(parseWhere('Name eq')).toEqual({ problem: '"Name eq" has no value after eq; write "Name eq VALUE".' });
    expect(parseWhere('Name=a\nb')).toHaveProperty('problem');
  });
});

describe('filterContinuations (shell completion of --where)', () => {
  const texts = (typed: string) => filterContinuations(typed).map((continuation) => continuation.text);

  it('offers = and each supported operator after a field, each with its shape', () => {
    // README, search: FIELD=VALUE and 'FIELD eq VALUE'; eq is the only operator.
    expect(filterContinuations('email')).toEqual([
      { text: 'email=', shape: 'FIELD=VALUE' },
      { text: 'email eq ', shape: 'FIELD eq VALUE' },
    ]);
    expect(filterShape).toBe('FIELD=VALUE or "FIELD eq VALUE"');
  });

  it('completes the operator after a field and a space, keeping the spacing and the case typed', () => {
    for (const typed of ['email ', 'email e', 'email eq']) expect(texts(typed)).toEqual(['email eq ']);
    expect(texts('email E')).toEqual(['email Eq ']);
    expect(texts(' email  e')).toEqual([' email  eq ']);
  });

  it('offers nothing before a field, in a value, or after what is not an operator', () => {
    for (const typed of ['', ' ', '=', 'email=', 'email=ad', 'email eq ', 'email eq ad', 'email ne', 'email = ', 'Full Name', 'email eqq']) {
      expect(texts(typed), JSON.stringify(typed)).toEqual([]);
    }
  });

  it('offers only what parseWhere reads as a filter on that field, once a value follows', () => {
    const field = fc.stringMatching(/^[^\s=\u0000-\u001f\u007f]{1,20}$/);
    const value = fc.stringMatching(/^[A-Za-z0-9@.+-]{1,20}$/);
    fc.assert(
      fc.property(field, value, fc.nat(), (name, text, cut) => {
        // Any start of a continuation, from the field on, goes on to the same filters.
        for (const { text: whole } of filterContinuations(name)) {
          const typed = whole.slice(0, name.length + (cut % (whole.length - name.length + 1)));
          for (const continuation of filterContinuations(typed)) {
            expect(continuation.text.startsWith(typed)).toBe(true);
            expect(parseWhere(continuation.text + text)).toEqual({ filter: { fieldName: name, operator: 'eq', value: text } });
          }
        }
      }),
      fuzzParameters(200),
    );
  });

  it('never fails, whatever is typed', () => {
    fc.assert(
      fc.property(hostileText, (typed) => {
        for (const continuation of filterContinuations(typed)) expect(continuation.text.startsWith(typed)).toBe(true);
      }),
      fuzzParameters(200),
    );
  });
});
