import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { ACCESS_KEY, PUBLIC_KEY } from '../../backend/src/platform/request/access.decorator';

export interface RouteInfo {
  method: string;
  path: string;
  access: 'public' | string[] | null;
  handler: string;
  /** What the handler reads of the request besides its path: 'body' (@Body), 'request' (@Req: a multipart upload). */
  inputs: string[];
}

/** The request parts `name` of `ctrl` takes, from Nest's own parameter metadata. */
function inputsOf(ctrl: new (...a: unknown[]) => unknown, name: string): string[] {
  const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, name) ?? {};
  const inputs = new Set<string>();
  for (const key of Object.keys(args)) {
    const type = Number(key.split(':')[0]);
    if (type === RouteParamtypes.BODY || type === RouteParamtypes.RAW_BODY) inputs.add('body');
    else if (type === RouteParamtypes.REQUEST) inputs.add('request');
  }
  return [...inputs].sort();
}

const join = (...parts: string[]) => '/' + parts.flatMap((p) => p.split('/')).filter(Boolean).join('/');

/** Every route the app's controllers declare, with the access rule each one carries. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const ctrl = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
      if (!ctrl) continue;
      const prefix = Reflect.getMetadata(PATH_METADATA, ctrl) ?? '';
      const proto = ctrl.prototype;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const fn = proto[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, fn);
        if (method === undefined) continue;
        const sub = Reflect.getMetadata(PATH_METADATA, fn) ?? '';
        const isPublic = Reflect.getMetadata(PUBLIC_KEY, fn) ?? Reflect.getMetadata(PUBLIC_KEY, ctrl);
        const actions = Reflect.getMetadata(ACCESS_KEY, fn) ?? Reflect.getMetadata(ACCESS_KEY, ctrl);
        routes.push({
          method: RequestMethod[method as RequestMethod],
          path: join('api', prefix, sub),
          access: isPublic ? 'public' : actions?.length ? actions : null,
          handler: `${ctrl.name}.${name}`,
          inputs: inputsOf(ctrl, name),
        });
      }
    }
  }
  return routes;
}
