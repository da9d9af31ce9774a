import {
  applyDecorators,
  Body,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Get,
  Header,
  Param,
  Query,
  UseGuards,
  type PipeTransform,
  type Type,
} from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, validateSync } from 'class-validator';
import { type Request } from 'express';
import { SignedIn, type SignedInViewer } from '../session/viewer.js';
import { NOTICES } from './forms.js';

/** A page controller of the dashboard: its routes need a signed-in member (viewer.ts `SignedIn`). */
export const DashboardPage = (path: string) => applyDecorators(Controller(path), UseGuards(SignedIn));

/** A page (GET) route: the handler returns the page's HTML. */
export const ShowPage = (path?: string) =>
  applyDecorators(Get(path), Header('Content-Type', 'text/html; charset=utf-8'));

/**
 * A form or query string as its DTO class. The services behind the dashboard judge what a field says and their
 * refusal is shown on the page, so the DTO shapes the input (trimmed text, ticked boxes, known choices) and a
 * field that breaks its class-validator rules falls back to the DTO's default (a filter the page does not know is
 * ignored, not refused), as the hand parsing before it did. Fields the DTO does not name (the CSRF token) are
 * dropped.
 */
export class FormPipe<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly dto: Type<T>) {}

  transform(value: unknown): T {
    const plain = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
    const form = plainToInstance(this.dto, plain);
    const defaults = new this.dto() as Record<string, unknown>;
    for (const error of validateSync(form, { whitelist: true, forbidUnknownValues: false })) {
      (form as Record<string, unknown>)[error.property] = defaults[error.property];
    }
    return form;
  }
}

/** The posted form of a route, as `dto`. */
export const FormBody = <T extends object>(dto: Type<T>) => Body(new FormPipe(dto));
/** The query string of a route, as `dto`. */
export const FormQuery = <T extends object>(dto: Type<T>) => Query(new FormPipe(dto));
/** The path parameters of a route, as `dto`. */
export const PathOf = <T extends object>(dto: Type<T>) => Param(new FormPipe(dto));

/**
 * A text field: trimmed (unless `trim` is false: a CSV keeps its spaces), cut at `cut` characters when given; ''
 * when absent or not a single string (the DTO's default).
 */
export const Text = (options: { trim?: boolean; cut?: number } = {}) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      if (typeof value !== 'string') return '';
      const text = options.trim === false ? value : value.trim();
      return options.cut === undefined ? text : text.slice(0, options.cut);
    }),
    IsString(),
  );

/** A checkbox: ticked when the form carries it at all. */
export const Ticked = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => value !== undefined),
    IsBoolean(),
  );

/** Every value of a repeated field (checkboxes of one name) that is one of `allowed`, in `allowed`'s order. */
export const Choices = (allowed: readonly string[]) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      const given: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
      return allowed.filter((option) => given.includes(option));
    }),
    IsIn(allowed, { each: true }),
  );

/** Lines or commas of a text field -> trimmed non-empty entries (audience lists, redirect URIs). */
export function entries(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** `?notice=<code>` after a change (redirect-after-post): its fixed text. */
export class NoticeQuery {
  @Text() notice = '';

  get text(): string | null {
    return NOTICES[this.notice] ?? null;
  }
}

/** A page of a list: `?starting_after=<id>` (and the notice after a change). */
export class PagedQuery extends NoticeQuery {
  @Text() starting_after = '';
}

/** A route with one `:id`. */
export class IdPath {
  @IsString() id = '';
}

/**
 * What a form handler (POST) is given in one parameter, `@Posted({ form, path })`: the signed-in viewer, the fields
 * of the route's path as `path` (default IdPath: `:id`) and the posted form as `form`, both shaped by FormPipe.
 */
export type Posted<F extends object = object, P extends object = IdPath> = P & { viewer: SignedInViewer; form: F };

const postedInput = createParamDecorator(
  ({ form, path }: { form?: Type<object>; path: Type<object> }, context: ExecutionContext) => {
    const req = context.switchToHttp().getRequest<Request & { viewer: SignedInViewer }>();
    const fields = new FormPipe(path).transform(req.params);
    return { ...fields, viewer: req.viewer, form: form ? new FormPipe(form).transform(req.body) : {} };
  },
);

export const Posted = ({ form, path = IdPath }: { form?: Type<object>; path?: Type<object> } = {}) =>
  postedInput({ form, path });
