import ajvCompiler from '@fastify/ajv-compiler';
import serializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { nullCharacterError } from './null-characters.js';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type SerializerCompiler = ReturnType<BuildSerializer>;
type Serializer = ReturnType<SerializerCompiler>;
type BuildValidator = ReturnType<typeof ajvCompiler>;
type ValidatorCompiler = ReturnType<BuildValidator>;
type Validator = ReturnType<ValidatorCompiler>;

/**
 * Fastify's own compilers (Ajv for request validation, fast-json-stringify for responses), made
 * lazy: a route's validators and serializers are generated on its first request instead of at
 * start. Generating the code for every schema of every route took most of the start-up time and
 * memory a process that serves a few endpoints never needs. The generated code is the same, so
 * answers and error bodies are too; each route pays its compilation once, on its first use.
 * (Fastify counts a compilers factory as custom and then leaves header schemas as written: no
 * route validates headers; one that does must name them in lower case.)
 */
export function lazySchemaCompilers(): CompilersFactory & { compileAll(): number } {
  // Every deferred compilation, so `compileAll` (tests, or a deployment that wants it) can run them up front.
  const deferred: (() => unknown)[] = [];
  const buildValidator: BuildValidator = (externalSchemas, options) => {
    // Even the Ajv instance, with every shared schema added, waits for the first validation.
    let compile: ValidatorCompiler | undefined;
    const compiler = () => (compile ??= ajvCompiler()(externalSchemas, options));
    return (routeSchema) => {
      let validate: Validator | undefined;
      const real = () => (validate ??= compiler()(routeSchema));
      deferred.push(real);
      // Fastify reads `errors` from the function it called, right after the call: mirror the real one's.
      const lazy = (data: unknown) => {
        const valid = real()(data);
        lazy.errors = real().errors;
        if (valid !== true) return valid;
        const nul = nullCharacterError(data);
        if (nul === undefined) return true;
        lazy.errors = [nul] as Validator['errors'];
        return false;
      };
      lazy.errors = undefined as Validator['errors'];
      return lazy as Validator;
    };
  };

  const buildSerializer: BuildSerializer = (externalSchemas, options) => {
    let compile: SerializerCompiler | undefined;
    const compiler = () => (compile ??= serializerSelector()(externalSchemas, options));
    return (routeSchema) => {
      let serialize: Serializer | undefined;
      const real = () => (serialize ??= compiler()(routeSchema));
      deferred.push(real);
      return (data: unknown) => real()(data);
    };
  };

  return {
    buildValidator,
    buildSerializer,
    /** Compiles every route's schemas now (throws on a broken one); how many there are. */
    compileAll() {
      for (const compile of deferred) compile();
      return deferred.length;
    },
  };
}
