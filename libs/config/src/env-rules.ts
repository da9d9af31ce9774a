import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, Max, Min, MinLength, ValidateBy } from 'class-validator';

/** Several property decorators as one, applied in the order given (the first failing rule is the reason). */
function allOf(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const decorate of decorators) decorate(target, property);
  };
}

/** A raw value its parser refused, kept until validation so the reason can name the variable. */
class RefusedValue {
  constructor(readonly reason: string) {}
}

/**
 * A variable converted from its string by `parse`, which throws an Error saying why (`must be ...`) when
 * the text is not acceptable. The reason never echoes the value: variables may hold secrets.
 */
export function EnvValue<T>(parse: (raw: string) => T): PropertyDecorator {
  return allOf(
    Transform(({ value }: { value: unknown }) => {
      if (typeof value !== 'string') return value;
      try {
        return parse(value);
      } catch (error) {
        return new RefusedValue((error as Error).message);
      }
    }),
    ValidateBy({
      name: 'envValue',
      validator: {
        validate: (value: unknown) => !(value instanceof RefusedValue),
        defaultMessage: (args) => (args?.value instanceof RefusedValue ? args.value.reason : 'is invalid'),
      },
    }),
  );
}

export interface Range {
  min: number;
  max: number;
}

/** A whole number within `min`..`max`. */
export function EnvInt({ min, max }: Range): PropertyDecorator {
  return allOf(
    Type(() => Number),
    IsInt(),
    Min(min),
    Max(max),
  );
}

/** A number (fractions allowed) within `min`..`max`. */
export function EnvNumber({ min, max }: Range): PropertyDecorator {
  return allOf(
    Type(() => Number),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(min),
    Max(max),
  );
}

/** A TCP port; `0` lets the system choose. */
export function EnvPort(): PropertyDecorator {
  return EnvInt({ min: 0, max: 65_535 });
}

/** `true`/`1` or `false`/`0`. */
export function EnvFlag(): PropertyDecorator {
  return allOf(
    Transform(({ value }: { value: unknown }) => {
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return value;
    }),
    IsBoolean({ message: 'must be true, false, 1 or 0' }),
  );
}

/** An absolute http(s) URL without trailing slashes. */
export function EnvHttpUrl(): PropertyDecorator {
  return EnvValue(parseHttpUrl);
}

export function parseHttpUrl(raw: string): string {
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : undefined;
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new Error('must be an absolute http:// or https:// URL');
  }
  return raw.replace(/\/+$/, '');
}

/** Comma-separated whole numbers of milliseconds, e.g. `1000,5000,30000`. */
export function parseMillisecondsList(raw: string): number[] {
  if (!/^\d+(,\d+)*$/.test(raw)) throw new Error('must be comma-separated milliseconds, e.g. 1000,5000,30000');
  return raw.split(',').map(Number);
}

/** Whether a configured value is a built-in development one; by default, equal to the property's default. */
export type DevelopmentValueTest = (value: unknown) => boolean;

const developmentSecrets = new Map<object, Array<{ variable: string; isDevelopmentValue?: DevelopmentValueTest }>>();

/**
 * The default of this variable is a development secret that anyone can read in this repository: in
 * production the variable must be set, and to a value of its own.
 */
export function DevelopmentSecret(isDevelopmentValue?: DevelopmentValueTest): PropertyDecorator {
  return (target, property) => {
    const secrets = developmentSecrets.get(target.constructor) ?? [];
    secrets.push({ variable: String(property), isDevelopmentValue });
    developmentSecrets.set(target.constructor, secrets);
  };
}

/** The development secrets of an env class and its bases, base class first. */
export function developmentSecretsOf(
  envClass: abstract new () => object,
): Array<{ variable: string; isDevelopmentValue?: DevelopmentValueTest }> {
  const chain: object[] = [];
  for (let current: object | null = envClass; current && current !== Function.prototype;) {
    chain.unshift(current);
    current = Object.getPrototypeOf(current) as object | null;
  }
  return chain.flatMap((type) => developmentSecrets.get(type) ?? []);
}

/**
 * A shared secret of at least 16 characters whose default is a development value (DevelopmentSecret): in production
 * it must be set, and to a value of its own.
 */
export function DevelopmentToken(): PropertyDecorator {
  return allOf(MinLength(16), DevelopmentSecret());
}
