import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Metadatas = ReturnType<Lookup>;

/**
 * class-validator looks up a class's rules on every `validate` call, and for inherited rules it walks every
 * class it knows with `instanceof` (`MetadataStorage.getTargetValidationMetadatas`): with the few hundred
 * message and DTO classes of this codebase that walk was the largest single cost of validating a reply of 50
 * purchases (bench/read). The rules of a class never change once its module is loaded, so the answer is kept
 * per class and options, and forgotten whenever a rule is registered (a class defined later).
 */
export function cacheValidationMetadataLookups(storage: MetadataStorage = getMetadataStorage()): void {
  const patched = storage as MetadataStorage & { cpsCached?: true };
  if (patched.cpsCached) return;
  patched.cpsCached = true;

  let cache = new WeakMap<object, Map<string, Metadatas>>();
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let perTarget = cache.get(target);
    if (!perTarget) cache.set(target, (perTarget = new Map()));
    let found = perTarget.get(key);
    if (!found) perTarget.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };

  const groupBy = storage.groupByPropertyName.bind(storage);
  let grouped = new WeakMap<Metadatas, ReturnType<typeof groupBy>>();
  storage.groupByPropertyName = (metadatas) => {
    let found = grouped.get(metadatas);
    if (!found) grouped.set(metadatas, (found = groupBy(metadatas)));
    return found;
  };

  for (const register of ['addValidationMetadata', 'addConstraintMetadata'] as const) {
    const original = storage[register].bind(storage) as (metadata: never) => void;
    (storage[register] as (metadata: never) => void) = (metadata) => {
      cache = new WeakMap();
      grouped = new WeakMap();
      original(metadata);
    };
  }
}

cacheValidationMetadataLookups();
