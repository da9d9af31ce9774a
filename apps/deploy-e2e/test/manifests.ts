import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './repo.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are read field by field */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: any };
} & Record<string, any>;

export const OVERLAYS = ['dev', 'prod'] as const;

/** The objects `kubectl kustomize` renders for an overlay (K8S_DIR points the tests at another k8s/ tree). */
export function render(overlay: string, k8sDir = process.env.K8S_DIR ?? join(ROOT, 'k8s')): K8sObject[] {
  return renderDirectory(join(k8sDir, 'overlays', overlay));
}

export function renderDirectory(directory: string): K8sObject[] {
  return parseAllDocuments(execFileSync('kubectl', ['kustomize', directory], { encoding: 'utf8' })).map(
    (doc) => doc.toJSON() as K8sObject,
  );
}

export function podSpecOf(object: K8sObject): any {
  if (object.kind === 'Deployment' || object.kind === 'StatefulSet' || object.kind === 'Job')
    return object.spec.template.spec;
  return undefined;
}

export function podLabelsOf(object: K8sObject): Record<string, string> {
  return object.spec.template.metadata.labels ?? {};
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }>;
}

/** Whether `labels` match a Kubernetes label selector (an empty selector matches everything). */
export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    const ok =
      operator === 'In'
        ? has && values.includes(labels[key]!)
        : operator === 'NotIn'
          ? !has || !values.includes(labels[key]!)
          : operator === 'Exists'
            ? has
            : !has;
    if (!ok) return false;
  }
  return true;
}

/** A Secret key's value as the test supplies it (the documented generator's, or a placeholder). */
export type SecretValue = (secret: string, key: string) => string | undefined;

/**
 * The environment the kubelet gives a container: `envFrom` ConfigMaps and Secrets in order, then `env`
 * (values, configMapKeyRef, secretKeyRef, fieldRef of the pod name), `$(VAR)` expanded against what came before.
 */
export function containerEnv(objects: K8sObject[], container: any, secret: SecretValue): Record<string, string> {
  const configMap = (name: string): Record<string, string> => {
    const found = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === name);
    if (!found) throw new Error(`ConfigMap ${name} is not in the rendered manifests`);
    return found.data ?? {};
  };
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, configMap(source.configMapRef.name));
    if (source.secretRef) throw new Error('envFrom secretRef is not modelled; name each key with secretKeyRef');
  }
  for (const variable of container.env ?? []) {
    const from = variable.valueFrom;
    let value: string | undefined;
    if (from?.configMapKeyRef) value = configMap(from.configMapKeyRef.name)[from.configMapKeyRef.key];
    else if (from?.secretKeyRef) value = secret(from.secretKeyRef.name, from.secretKeyRef.key);
    else if (from?.fieldRef) value = from.fieldRef.fieldPath === 'metadata.name' ? 'pod-0' : undefined;
    else
      value = String(variable.value ?? '').replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (all, name: string) =>
        name in env ? env[name]! : all,
      );
    if (value === undefined) throw new Error(`${variable.name}: no value for ${JSON.stringify(from)}`);
    env[variable.name] = value;
  }
  return env;
}

/** The apps the manifests deploy and the schema (role cps_<schema>) each owns. */
export const K8S_APPS: ReadonlyArray<{ name: string; schema: string; nats: boolean; devOnly?: boolean }> = [
  { name: 'api-gateway', schema: 'gateway', nats: true },
  { name: 'auth-server', schema: 'auth', nats: true },
  { name: 'storefront-proxy', schema: 'storefront', nats: true },
  { name: 'mcp-server', schema: 'mcp', nats: true },
  { name: 'sync-service', schema: 'sync', nats: true },
  { name: 'matching-service', schema: 'matching', nats: true },
  { name: 'events-service', schema: 'events', nats: true },
  { name: 'dashboard', schema: 'dashboard', nats: true },
  { name: 'sandbox-storefront', schema: 'sandbox_storefront', nats: false, devOnly: true },
];

/** A generated ConfigMap's name without the hash suffix configMapGenerator adds. */
export function generatedName(name: string): string {
  return name.replace(/-[a-z0-9]{10}$/, '');
}
