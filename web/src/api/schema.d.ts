/* Generated from Quarry's OpenAPI document by `npm run web:api`; do not edit. */

export interface paths {
    "/api/v1/account/credits/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The balance of the account that owns the API key (or of the logged-in user) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreditsBalance"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a question from the web, with numbered sources
         * @description Searches, reads the top `limit` pages (each as a scrape, through the scrape cache), gives the passages that best match the question to the model, and checks the answer: a marker `[n]` naming no source given is removed with a warning, and each cited source comes with the passage it was given, verbatim. Charged the search, the pages read and the model tokens (`usage` lists each); nothing when the search finds nothing (422), every page fails (502) or the model fails. With `stream: true`: Server-Sent Events, each a JSON `data:` line with a `type`: `sources` first, then `token`s, then `done` (the whole answer, as without streaming) or `error`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AnswerRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AnswerResponse"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your active keys */
        get: {
            parameters: {
                query?: {
                    page?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PaginatedAPIKeyListList"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        /** Create a key (the secret is in the response) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["APIKeyCreate"];
                };
            };
            responses: {
                /** @description Create a key. The response carries the secret, shown in full only here, at reset and at reveal. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["APIKeyCreate"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One key, without its secret */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A key without its secret. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["APIKeyList"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        /** Rename a key */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["APIKeyPartialUpdate"];
                };
            };
            responses: {
                /** @description Rename: only the name changes; the answer is the whole key, without its secret. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["APIKeyPartialUpdate"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        post?: never;
        /** Revoke a key */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No response body */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a key */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PatchedAPIKeyPartialUpdate"];
                };
            };
            responses: {
                /** @description Rename: only the name changes; the answer is the whole key, without its secret. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["APIKeyPartialUpdate"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/api-keys/{id}/reset/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a key and issue a new one with the same name */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": unknown;
                };
            };
            responses: {
                /** @description The new key that replaced a reset one. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["APIKeyCreatedResponse"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/reveal/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Show the full secret of a key created with encrypted storage */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": unknown;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["APIKeyRevealResponse"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/jwt/create/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TokenObtainPair"];
                };
            };
            responses: {
                /** @description Login: credentials in, a refresh and an access token out (also set as HttpOnly cookies). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenObtainPair"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/jwt/logout-all/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out everywhere: end every session of the account
         * @description Every refresh and access token of the account issued until now is refused from now on (401 `token_not_valid`), on every device, this one included; the cookies are cleared. API keys are not touched. No body is needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No response body */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/jwt/refresh/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the refresh token and get a new access token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TokenRefresh"];
                };
            };
            responses: {
                /** @description Rotation: the old refresh token is blacklisted and a new pair is returned. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TokenRefresh"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/jwt/verify/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Say whether a token is valid */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TokenVerify"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log out: blacklist the refresh token and clear the cookies */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Logout"];
                };
            };
            responses: {
                /** @description No response body */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/resend-activation/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the activation mail again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResendActivationRequest"];
                };
            };
            responses: {
                /** @description Activation email queued */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The browser's login session (never 401)
         * @description Reads the `access` and `refresh` cookies that login sets, and nothing else (not the Authorization header, not an API key). An expired or revoked cookie counts as no session.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The browser's login session, read from the HttpOnly login cookies (the page cannot read them). Never a 401: no session is an answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BrowserSession"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an account (inactive until activated by mail)
         * @description Answers 201 `{"email": …}` whether or not the address has an account already, so registration does not tell who has one; the mailbox gets the activation mail, or a notice.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserCreate"];
                };
            };
            responses: {
                /** @description Registration (djoser). The new account is inactive until activated. The answer carries the email only, the same for a new and a taken address. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UserCreate"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users/activation/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activate an account with the mailed uid and token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Activation"];
                };
            };
            responses: {
                /** @description No response body */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current user and credit balance */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users/reset_password_confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the mailed uid and token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordResetConfirm"];
                };
            };
            responses: {
                /** @description No response body */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/users/reset_password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password-reset link (always 204, whether or not the email has an account) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PasswordResetRequest"];
                };
            };
            responses: {
                /** @description No response body */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/autocomplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a query prefix (suggestions ranked by how often they were searched)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the prefix to complete */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                            /** @description ranked by search frequency */
                            suggestions: string[];
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/checkout/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a transaction with the provider; grants its credits (once) when it is paid */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ConfirmTransaction"];
                };
            };
            responses: {
                /** @description One transaction of the account and whether its credits were granted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingStatus"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/checkout/create-transaction/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a provider transaction for a plan and get what the browser needs to open its checkout */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PurchaseRequest"];
                };
            };
            responses: {
                /** @description A transaction created at the payment provider, with what a browser needs to open its checkout. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CheckoutTransaction"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/plans/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The credit packs on sale (no authentication) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Plan"][];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/status/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your transactions, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingStatus"][];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/webhooks/paddle/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Paddle Billing notifications (signed with `Paddle-Signature`; no other authentication) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Acknowledgement of a verified provider notification. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookReceipt"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a conversation; metered by tokens
         * @description Holds the worst case (prompt + `max_tokens`) before calling the upstream and charges the tokens used. With `stream: true` the answer is Server-Sent Events in the OpenAI chunk format, ending with a usage chunk and `data: [DONE]`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChatRequest"];
                };
            };
            responses: {
                /** @description A chat completion with its token usage and the credits it cost. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatCompletion"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenAI-compatible chat completions (for OpenAI clients with `baseURL` …/api/v1)
         * @description Accepts the OpenAI request body; `model` names one of `GET /api/v1/models` (without it, the default model answers). The API key may also come as `Authorization: Bearer <api key>`. Without `max_tokens`/`max_completion_tokens`, Quarry sends the model's budget cut to what the balance pays for, and says so in `X-Quarry-Max-Tokens`. Tool calling (`tools`, `tool_choice`, `tool_calls`, `tool` messages), `json_schema` output and image parts pass through; every other OpenAI field is honoured or refused with a 400 naming it. `model: "quarry-answer"` (listed by `GET /api/v1/models`) answers the last user message from the web, citing its sources by `[n]`, with Perplexity's `citations` (`[n]` is `citations[n-1]`) and `search_results`; charged the search, the pages read and the tokens. Streams carry a final usage chunk only with `stream_options.include_usage`. Errors come in OpenAI's shape, `{"error": {"message", "type", "param", "code"}}`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OpenAIChatCompletionRequest"];
                };
            };
            responses: {
                /** @description A chat completion with its token usage and the credits it cost. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatCompletion"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credits/activity/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's ledger, one line per metered call with its entries, newest first */
        get: {
            parameters: {
                query?: {
                    page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PaginatedActivityList"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credits/ledger/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's ledger, newest first */
        get: {
            parameters: {
                query?: {
                    page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PaginatedLedgerEntryList"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credits/ledger/export/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's whole ledger as CSV, newest first, with key names */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description CSV: created, kind, amount, endpoint, api_key_id, key_name, key_prefix, balance_after, request_id, note */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/config/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public settings the dashboard reads at start */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description What the dashboard needs to know before a user logs in; nothing secret. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DashboardConfig"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search images (title, imageUrl, imageWidth, imageHeight, link)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /** @description canonical location, e.g. "Austin,Texas,United States" */
                        location?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the search query */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            images: {
                                /** @description px */
                                imageHeight?: number;
                                /** @description the image itself */
                                imageUrl: string;
                                /** @description px */
                                imageWidth?: number;
                                /** @description licence of the image when the page states one */
                                licence?: string;
                                /** @description the page showing the image */
                                link: string;
                                /** @description 1-based rank in this response */
                                position: number;
                                /** @description site name or domain of the page */
                                source?: string;
                                /** @description a smaller copy of the image */
                                thumbnailUrl?: string;
                                title: string;
                            }[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The chat models on offer (OpenAI list format) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The chat models this service offers (OpenAI list format). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatModelList"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One chat model (OpenAI model object)
         * @description A model id holding `/` (`meta-llama/llama-3.1-8b`) may come escaped (`%2F`, as OpenAI clients send it) or as it is.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    model: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A chat model clients may name (OpenAI model object). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatModel"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/news": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search news (title, link, snippet, publisher, date)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the search query */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            news: {
                                /** @description relative publication time, e.g. "5 mins ago" */
                                date?: string;
                                /** @description article illustration */
                                imageUrl?: string;
                                /** @description article URL */
                                link: string;
                                /** @description 1-based rank in this response */
                                position: number;
                                /** @description name of the publication */
                                publisher?: string;
                                snippet?: string;
                                title: string;
                            }[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/patents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search patents (title, patentNumber, link, snippet, inventors, assignee, filingDate, grantDate)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description keyword, patent ID or applicant */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            patents: {
                                assignee?: string;
                                /** @description YYYY-MM-DD */
                                filingDate?: string;
                                /** @description YYYY-MM-DD */
                                grantDate?: string;
                                /** @description comma-separated inventor names */
                                inventors?: string;
                                /** @description patent page URL */
                                link: string;
                                /** @description publication number, e.g. "US9876543B2" */
                                patentNumber?: string;
                                /** @description full text as PDF */
                                pdfUrl?: string;
                                /** @description 1-based rank in this response */
                                position: number;
                                snippet?: string;
                                title: string;
                            }[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search places (title, address, latitude, longitude, rating, reviews, phone, category)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /** @description canonical location, e.g. "Austin,Texas,United States" */
                        location?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the search query */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            places: {
                                address?: string;
                                category?: string;
                                latitude?: number;
                                longitude?: number;
                                /** @description international format, e.g. "+1 212-555-0100" */
                                phone?: string;
                                /** @description 1-based rank in this response */
                                position: number;
                                /** @description average rating out of 5.0 */
                                rating?: number;
                                /** @description number of reviews */
                                reviews?: number;
                                title: string;
                                /** @description the place’s own web site */
                                website?: string;
                            }[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schema/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3 document (YAML; `?format=json` for JSON) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scholar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search scholarly works (title, link, snippet, authors, publication, citations)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the search query */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            scholar: {
                                /** @description comma-separated author names */
                                authors?: string;
                                /** @description number of citing works */
                                citations?: number;
                                /** @description publication URL */
                                link: string;
                                /** @description full text as PDF */
                                pdfUrl?: string;
                                /** @description 1-based rank in this response */
                                position: number;
                                /** @description journal, proceedings or publisher */
                                publication?: string;
                                snippet?: string;
                                title: string;
                                year?: number;
                            }[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scrape/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scrape a page to Markdown, plain text or JSON
         * @description Fetches the page (rendering it in a headless browser when it needs JavaScript or stands behind an anti-bot challenge), removes boilerplate and returns the requested formats. Charged `PRICE_SCRAPE` (+ `PRICE_SCRAPE_BROWSER` when the browser was needed) only when the target answered 2xx and content was extracted; a non-2xx target answers 502 and costs nothing. Results are cached for `SCRAPE_CACHE_TTL` seconds (`X-Cache: HIT|MISS`). `summary`, and `json` with `json_options`, give the page's main content to a chat model (`model`) and add its tokens at that model's price; an extraction that does not validate against the schema after one retry answers 422 and charges the model's tokens only. A server without a chat model answers 503 for them. `screenshot` renders the page (charged `PRICE_SCRAPE` + `PRICE_SCRAPE_BROWSER`, never served from the cache) and answers in `data.screenshot` an unguessable URL of the PNG or JPEG that needs no API key and expires after `SCREENSHOT_TTL` seconds; without Chromium it answers 400. `changeTracking` fetches the page afresh and compares its Markdown with this account's last scrape of the URL (per `change_tracking.tag`): `data.changeTracking` as Firecrawl writes it (`new`, `same`, `changed` with a git-style `diff`, `removed` when the page now answers 404 or 410 — a 200 that costs nothing, when the account has a snapshot of it). Priced as the scrape.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScrapeRequest"];
                };
            };
            responses: {
                /** @description Shape B: one key per requested format, and the metadata. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScrapeResponse"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description The model's JSON did not validate against `json_options.schema`, also after a retry. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scrape/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scrape many pages as one job
         * @description Starts a durable job that scrapes every URL with the same options as `POST /api/v1/scrape/` (without the chat model). Each page is charged as a scrape when it completes (`PRICE_SCRAPE`, + `PRICE_SCRAPE_BROWSER` when rendered; a failed page costs nothing). When the credits run out the batch ends `completed` with a `warning`, the pages not scraped `skipped` and not charged. More than `BATCH_MAX_URLS` URLs answer 400; an account already running `BATCH_MAX_ACTIVE_PER_ACCOUNT` batches gets 429. With a `webhook`, the batch's events are sent to it (400 for a bad one, or when the server has no `KEY_ENCRYPTION_SECRET`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description URLs to scrape with the options of one scrape. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description As for `POST /api/v1/scrape/`, without the model's formats. */
                        formats: ("markdown" | "text" | "json")[];
                        /** @description Refused (400): a batch does not ask a chat model. */
                        json_options?: unknown;
                        /** @description Refused (400): a batch does not ask a chat model. */
                        model?: unknown;
                        /**
                         * @default auto
                         * @enum {string}
                         */
                        render?: "auto" | "always" | "never";
                        /** @description The pages to scrape: 1 to `BATCH_MAX_URLS` (at most 1,000). */
                        urls: string[];
                        /** @default true */
                        use_cache?: boolean;
                        /** @description Where the batch's events go: a URL, or `{url, headers?, metadata?, events?}` (`events` among `started`, `page`, `completed`, `failed`; all by default). Sends `batch_scrape.started`, `batch_scrape.page` (one a page), `batch_scrape.completed` and `batch_scrape.failed`, signed with the account's webhook secret (docs/webhooks.md). */
                        webhook?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {boolean} */
                            success: true;
                            url: string;
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scrape/batch/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Batch scrape: status and results */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    skip?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completed: number;
                            credits_used: number;
                            expires_at: string;
                            failed: number;
                            id: string;
                            /** @description Absolute URL of the next status page; absent on the last one. */
                            next?: string;
                            pages: {
                                error?: string;
                                /** @description The `data` of `POST /api/v1/scrape/`, once completed. */
                                result?: unknown;
                                /** @description `pending`, `completed`, `failed` or `skipped` (never scraped: the batch was cancelled or ran out of credits). */
                                status: string;
                                url: string;
                            }[];
                            /** @description `scraping`, `completed`, `failed` or `cancelled`. */
                            status: string;
                            /** @enum {boolean} */
                            success: true;
                            total: number;
                            warning?: string;
                        };
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Batch scrape: cancel
         * @description Stops the batch: pages not yet stored are neither stored nor charged. A batch that already ended answers 409.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "cancelled";
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scrape/batch/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Batch scrape: the URLs that failed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                error: string;
                                id: string;
                                timestamp: string;
                                url: string;
                            }[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/screenshots/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A scrape's screenshot
         * @description The image a scrape with the `screenshot` format answered the URL of: PNG or JPEG, no authentication (the URL is the secret: 256 random bits), never cached by browsers or proxies; 404 once `SCREENSHOT_TTL` seconds have passed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The token and the extension, as in the URL the scrape answered. */
                    file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The image (`image/png` or `image/jpeg`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                        "image/png": string;
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the web and other sources at once
         * @description Searches every requested source (`web`, `news`, `images`, `places`, `shopping`, `videos`, `scholar`, `patents`, `autocomplete`) with the query language (quotes, `-`, `site:`, `filetype:`, `inurl:`, `allinurl:`, `intitle:`, `allintitle:`, `OR`). Charged `PRICE_SEARCH_SOURCE` per source; cached up to `SEARCH_CACHE_TTL` (`X-Cache: HIT|MISS`; `use_cache: false` forces a fresh search). When every engine of a source fails the answer is 502 naming the engines and why, and nothing is charged.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description ISO 3166-1 alpha-2 country code
                         * @default us
                         */
                        country?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        lang?: string;
                        /**
                         * @description results per source
                         * @default 10
                         */
                        limit?: number;
                        /** @description canonical location, e.g. "Austin,Texas,United States" */
                        location?: string;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the search query; supports quotes, -, site:, filetype:, inurl:, allinurl:, intitle:, allintitle: */
                        query: string;
                        /**
                         * @description the verticals to search, each at most once (at most 9 items); one search is charged per source
                         * @default [
                         *       "web"
                         *     ]
                         */
                        sources?: ("web" | "news" | "images" | "places" | "shopping" | "videos" | "scholar" | "patents" | "autocomplete")[];
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                autocomplete?: string[];
                                images?: {
                                    /** @description px */
                                    imageHeight?: number;
                                    /** @description the image itself */
                                    imageUrl: string;
                                    /** @description px */
                                    imageWidth?: number;
                                    /** @description licence of the image when the page states one */
                                    licence?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    /** @description site name or domain of the page */
                                    source?: string;
                                    /** @description a smaller copy of the image */
                                    thumbnailUrl?: string;
                                    title: string;
                                    /** @description the page showing the image */
                                    url: string;
                                }[];
                                news?: {
                                    /** @description relative publication time, e.g. "5 mins ago" */
                                    date?: string;
                                    description?: string;
                                    /** @description article illustration */
                                    imageUrl?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    /** @description name of the publication */
                                    publisher?: string;
                                    title: string;
                                    /** @description article URL */
                                    url: string;
                                }[];
                                patents?: {
                                    assignee?: string;
                                    description?: string;
                                    /** @description YYYY-MM-DD */
                                    filingDate?: string;
                                    /** @description YYYY-MM-DD */
                                    grantDate?: string;
                                    /** @description comma-separated inventor names */
                                    inventors?: string;
                                    /** @description publication number, e.g. "US9876543B2" */
                                    patentNumber?: string;
                                    /** @description full text as PDF */
                                    pdfUrl?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    title: string;
                                    /** @description patent page URL */
                                    url: string;
                                }[];
                                places?: {
                                    address?: string;
                                    category?: string;
                                    latitude?: number;
                                    longitude?: number;
                                    /** @description international format, e.g. "+1 212-555-0100" */
                                    phone?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    /** @description average rating out of 5.0 */
                                    rating?: number;
                                    /** @description number of reviews */
                                    reviews?: number;
                                    title: string;
                                    /** @description the place’s own web site */
                                    website?: string;
                                }[];
                                scholar?: {
                                    /** @description comma-separated author names */
                                    authors?: string;
                                    /** @description number of citing works */
                                    citations?: number;
                                    description?: string;
                                    /** @description full text as PDF */
                                    pdfUrl?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    /** @description journal, proceedings or publisher */
                                    publication?: string;
                                    title: string;
                                    /** @description publication URL */
                                    url: string;
                                    year?: number;
                                }[];
                                shopping?: {
                                    /** @description product image */
                                    imageUrl?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    /** @description display price with currency symbol, e.g. "$9.99" */
                                    price?: string;
                                    /** @description average rating out of 5.0 */
                                    rating?: number;
                                    /** @description number of reviews */
                                    reviews?: number;
                                    /** @description merchant */
                                    source?: string;
                                    title: string;
                                    /** @description offer URL */
                                    url: string;
                                }[];
                                videos?: {
                                    channel?: string;
                                    description?: string;
                                    /** @description length as H:MM:SS or M:SS */
                                    duration?: string;
                                    /** @description thumbnail */
                                    imageUrl?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    title: string;
                                    /** @description relative upload time, e.g. "2 weeks ago" */
                                    uploaded?: string;
                                    /** @description video page URL */
                                    url: string;
                                }[];
                                web?: {
                                    /** @description relative publication time, e.g. "3 days ago" */
                                    date?: string;
                                    /** @description snippet */
                                    description?: string;
                                    /** @description 1-based rank in this response */
                                    position: number;
                                    title: string;
                                    /** @description page URL */
                                    url: string;
                                }[];
                            };
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            success: boolean;
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/engines/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of every search engine (staff only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            results: {
                                /** @description calls in the recent window behind the figures below */
                                calls: number;
                                /** @description false while its key or URL is missing (the router skips it) */
                                configured: boolean;
                                consecutive_failures: number;
                                error_rate: number;
                                last_error: {
                                    /** Format: date-time */
                                    at: string;
                                    kind: string;
                                    message: string;
                                } | null;
                                /** @description engine name as used in SEARCH_CHAIN_* settings */
                                name: string;
                                p50_latency_ms: number | null;
                                p95_latency_ms: number | null;
                                /** @description suspended after failures until `suspended_until`; probing while one trial call is out */
                                state: "ok" | "suspended" | "probing";
                                /** Format: date-time */
                                suspended_until: string | null;
                                /** @description verticals the engine can answer */
                                verticals: ("web" | "news" | "images" | "places" | "shopping" | "videos" | "scholar" | "patents" | "autocomplete")[];
                            }[];
                        };
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search/verticals/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which search verticals can answer now, and what would turn the others on
         * @description Free. A vertical that cannot answer (no engine configured, an empty local index) answers 503 and charges nothing.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            results: {
                                /** @description false: a search of it answers 503 and charges nothing */
                                can_answer: boolean;
                                /** @description the engines that can answer it now, in the order they are tried */
                                engines: string[];
                                /** @description when it cannot answer: what would turn an engine on (a setting such as SERPER_API_KEY, or `quarry crawl <url>`) */
                                setup: string[];
                                vertical: "web" | "news" | "images" | "places" | "shopping" | "videos" | "scholar" | "patents" | "autocomplete";
                            }[];
                        };
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shopping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search products (title, price, link, source, rating, reviews, imageUrl)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the search query */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                            shopping: {
                                /** @description product image */
                                imageUrl?: string;
                                /** @description offer URL */
                                link: string;
                                /** @description 1-based rank in this response */
                                position: number;
                                /** @description display price with currency symbol, e.g. "$9.99" */
                                price?: string;
                                /** @description average rating out of 5.0 */
                                rating?: number;
                                /** @description number of reviews */
                                reviews?: number;
                                /** @description merchant */
                                source?: string;
                                title: string;
                            }[];
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Requests and credits by day, key or endpoint */
        get: {
            parameters: {
                query?: {
                    /** @description Start (YYYY-MM-DD or UTC datetime); default 30 days before `to`. */
                    from?: string;
                    group?: "day" | "key" | "endpoint";
                    /** @description End, exclusive (a date counts whole); default now. */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Finished metered requests (failed ones included, uncharged) and the credits they cost, from the holds and the ledger. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Usage"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/daily/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credits used per day, split by endpoint, over the last `days` days (default 30) */
        get: {
            parameters: {
                query?: {
                    /** @description Days in the window, 1 to 366 */
                    days?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Credits used per UTC day and endpoint, for a chart. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DailyUsage"];
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search videos (title, link, snippet, duration, uploaded, channel)
         * @description Supports the same query language as `/api/v1/search`. Charged `PRICE_SEARCH_CALL`; cached up to `SEARCH_CACHE_TTL` (`use_cache: false` forces a fresh search). `searchParameters.engine` names the engine that answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description enables query autocorrect
                         * @default true
                         */
                        autocorrect?: boolean;
                        /**
                         * @description country code (ISO 3166-1 alpha-2)
                         * @default us
                         */
                        gl?: string;
                        /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
                        hl?: string;
                        /**
                         * @description number of results
                         * @default 10
                         */
                        num?: number;
                        /**
                         * @description result page, 1-based
                         * @default 1
                         */
                        page?: number;
                        /** @description the search query */
                        q: string;
                        /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
                        tbs?: string;
                        /**
                         * @description false forces a fresh search
                         * @default true
                         */
                        use_cache?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"] */
                            failed_engines?: string[];
                            /** SearchParameters */
                            searchParameters: {
                                autocorrect?: boolean;
                                /** @description the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling */
                                correctedQuery?: string;
                                /** @description engine(s) that answered, e.g. "local" or "searxng+brave" */
                                engine: string;
                                gl?: string;
                                hl?: string;
                                location?: string;
                                num: number;
                                page?: number;
                                q: string;
                                tbs?: string;
                                /** @description the vertical name */
                                type: string;
                            };
                            videos: {
                                channel?: string;
                                /** @description length as H:MM:SS or M:SS */
                                duration?: string;
                                /** @description thumbnail */
                                imageUrl?: string;
                                /** @description video page URL */
                                link: string;
                                /** @description 1-based rank in this response */
                                position: number;
                                snippet?: string;
                                title: string;
                                /** @description relative upload time, e.g. "2 weeks ago" */
                                uploaded?: string;
                            }[];
                        };
                    };
                };
                /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FieldErrors"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not enough credits to hold the most this call can cost. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InsufficientCredits"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ServerError"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"] | components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An upstream, configuration or server failure. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServerError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's webhook deliveries, newest first */
        get: {
            parameters: {
                query?: {
                    page?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PaginatedWebhookDeliveryList"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show the account's webhook signing secret (made on first use) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSecret"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/secret/rotate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the webhook signing secret
         * @description Every delivery sent from now on, retries of earlier events included, is signed with the new secret.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSecret"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description A DRF error: one human-readable message. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exa/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exa answer
         * @description Key in `x-api-key` (or `Authorization: Bearer`). Errors are `{requestId, error, tag}` with the HTTP status Quarry gives. Metered and cached like the Quarry endpoints it uses. Quarry's answer from the web: charged like `POST /api/v1/answer` (the search, the pages read, the model tokens), nothing when no answer comes (the search finds nothing: 422; the model fails: 502). `citations` are the pages cited, `[k]` in the answer the k-th of them. With `stream: true`: Server-Sent Events, `choices[0].delta.content` chunks then one `citations` chunk, as `exa-js` `streamAnswer` reads them.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Accepted; Quarry answers with its configured chat model.
                         * @enum {string}
                         */
                        model?: "exa" | "exa-pro";
                        /** @description Not supported: refused. */
                        outputSchema?: {
                            [key: string]: unknown;
                        };
                        query: string;
                        /** @description Server-Sent Events: `choices[0].delta.content` chunks, then one chunk of `citations`. */
                        stream?: boolean;
                        /** @description Not supported: refused. */
                        systemPrompt?: string;
                        /** @description Each citation with `text`: the passage of its page the model was given, verbatim. */
                        text?: boolean;
                        /** @description ISO 3166-1 alpha-2 */
                        userLocation?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Markdown; `[k]` cites the k-th of `citations`. */
                            answer: string;
                            /** @description The pages the answer cites, in the order it first cites them. */
                            citations: {
                                author: string | null;
                                /** @description The URL. */
                                id: string;
                                publishedDate: string | null;
                                /** @description With `text: true`: the passage of the page the model was given, verbatim. */
                                text?: string;
                                title: string | null;
                                url: string;
                            }[];
                            requestId: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exa/contents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exa contents
         * @description Key in `x-api-key` (or `Authorization: Bearer`). Errors are `{requestId, error, tag}` with the HTTP status Quarry gives. Metered and cached like the Quarry endpoints it uses. One scrape per URL, charged like `POST /api/v1/scrape/` in one hold and charge; a page that fails is listed in `statuses` and costs nothing.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filterEmptyResults?: boolean;
                        highlights?: boolean | {
                            /** @description Highlights per page; default 1. */
                            highlightsPerUrl?: number;
                            /** @description Characters per highlight; default 10000. */
                            maxCharacters?: number;
                            /** @description Sentences per highlight; default 1. */
                            numSentences?: number;
                            query?: string;
                        };
                        /** @description Result ids, which are URLs here. */
                        ids?: string[];
                        /**
                         * @description `always` forces a fresh fetch; the others use the scrape cache.
                         * @enum {string}
                         */
                        livecrawl?: "never" | "fallback" | "always" | "auto" | "preferred";
                        /** @description Accepted; ms. */
                        livecrawlTimeout?: number;
                        text?: boolean | {
                            /** @description Only `false`. */
                            includeHtmlTags?: boolean;
                            maxCharacters?: number;
                        };
                        urls?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            requestId: string;
                            results: {
                                author: string | null;
                                highlights?: string[];
                                highlightScores?: number[];
                                /** @description The URL. */
                                id: string;
                                publishedDate: string | null;
                                /** @description Derived from the rank. */
                                score?: number;
                                text?: string;
                                title: string | null;
                                url: string;
                            }[];
                            statuses: {
                                error?: {
                                    httpStatusCode: number;
                                    tag: string;
                                };
                                id: string;
                                /** @enum {string} */
                                status: "success" | "error";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exa/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exa search
         * @description Key in `x-api-key` (or `Authorization: Bearer`). Errors are `{requestId, error, tag}` with the HTTP status Quarry gives. Metered and cached like the Quarry endpoints it uses. One search, charged like `POST /api/v1/search`; `contents.text` adds one scrape per result, in the same one hold and charge.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Only `news` (the news vertical).
                         * @enum {string}
                         */
                        category?: "news";
                        contents?: false | {
                            filterEmptyResults?: boolean;
                            highlights?: boolean | {
                                /** @description Highlights per page; default 1. */
                                highlightsPerUrl?: number;
                                /** @description Characters per highlight; default 10000. */
                                maxCharacters?: number;
                                /** @description Sentences per highlight; default 1. */
                                numSentences?: number;
                                query?: string;
                            };
                            /**
                             * @description `always` forces a fresh fetch; the others use the scrape cache.
                             * @enum {string}
                             */
                            livecrawl?: "never" | "fallback" | "always" | "auto" | "preferred";
                            /** @description Accepted; ms. */
                            livecrawlTimeout?: number;
                            text?: boolean | {
                                /** @description Only `false`. */
                                includeHtmlTags?: boolean;
                                maxCharacters?: number;
                            };
                        };
                        /** @description ISO 8601 date or date-time */
                        endPublishedDate?: string;
                        excludeDomains?: string[];
                        excludeText?: string[];
                        includeDomains?: string[];
                        includeText?: string[];
                        /** @description Only `false`. */
                        moderation?: boolean;
                        /** @default 10 */
                        numResults?: number;
                        query: string;
                        /** @description ISO 8601 date or date-time */
                        startPublishedDate?: string;
                        /**
                         * @description Accepted; Quarry runs one kind of search.
                         * @enum {string}
                         */
                        type?: "auto" | "neural" | "keyword" | "hybrid" | "fast" | "instant";
                        useAutoprompt?: boolean;
                        /** @description ISO 3166-1 alpha-2 */
                        userLocation?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            requestId: string;
                            resolvedSearchType: string;
                            results: {
                                author: string | null;
                                highlights?: string[];
                                highlightScores?: number[];
                                /** @description The URL. */
                                id: string;
                                publishedDate: string | null;
                                /** @description Derived from the rank. */
                                score?: number;
                                text?: string;
                                title: string | null;
                                url: string;
                            }[];
                            searchType: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            requestId: string;
                            tag: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** No server stream (stateless server): 405 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        /**
         * MCP server (Streamable HTTP, stateless)
         * @description JSON-RPC 2.0 messages of the Model Context Protocol. Tools: `search`, `scrape`, `map`, `credits`, each call one metered operation, priced and cached like the REST call it stands for. Key in `X-API-KEY` or `Authorization: Bearer`. The `Host` must be allowed (`MCP_ALLOWED_HOSTS`), against DNS rebinding, and a browser's `Origin` must be the server's own or allowed whole, scheme, host and port (`MCP_ALLOWED_ORIGINS`); else 403.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        /** No sessions (stateless server): 405 */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/r/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Jina Reader (URL in the body)
         * @description Reads the page as one scrape, metered, priced and cached like `POST /api/v1/scrape/`. Key as `Authorization: Bearer`. Text (`Title:`, `URL Source:`, `Markdown Content:`) by default; `X-Return-Format: text` for plain text; `X-Return-Format: html` for the page body without scripts and styles (the `html` format of the Firecrawl-compatible scrape, charged as one scrape); `Accept: application/json` for `{code, status, data: {title, description, url, content}}`. `X-No-Cache` (or `X-Cache-Tolerance: 0`) forces a fresh fetch. Options Quarry cannot honour (selectors, screenshots…) answer 400. `HEAD` answers 405 (`Allow: GET`) without reading the page or charging anything.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description As `X-No-Cache`. */
                        noCache?: boolean;
                        /** @description As `X-Respond-With`. */
                        respondWith?: string;
                        /** @description As `X-Return-Format`. */
                        returnFormat?: string;
                        /** @description The page to read. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/r/{*}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Jina Reader: a page as Markdown, text or HTML
         * @description Reads the page as one scrape, metered, priced and cached like `POST /api/v1/scrape/`. Key as `Authorization: Bearer`. Text (`Title:`, `URL Source:`, `Markdown Content:`) by default; `X-Return-Format: text` for plain text; `X-Return-Format: html` for the page body without scripts and styles (the `html` format of the Firecrawl-compatible scrape, charged as one scrape); `Accept: application/json` for `{code, status, data: {title, description, url, content}}`. `X-No-Cache` (or `X-Cache-Tolerance: 0`) forces a fresh fetch. Options Quarry cannot honour (selectors, screenshots…) answer 400. `HEAD` answers 405 (`Allow: GET`) without reading the page or charging anything.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    "*": string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Jina search (query in the body)
         * @description Searches the web and reads every result (`X-Respond-With: no-content` skips the reads) as one metered operation: one hold of the search and the most each read can cost, one charge of the search (like `POST /api/v1/search`) and a scrape per page read (like `POST /api/v1/scrape/`); a page that cannot be read keeps its listing with empty content and costs nothing. `count`/`num` 0–20 (default 5), `site` restricts to domains. `publishedTime` is the page's publication date (ISO 8601) when known. Text blocks by default, JSON with `Accept: application/json`. `HEAD` answers 405 (`Allow: GET`) without searching or charging anything.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        count?: number;
                        num?: number;
                        q?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{*}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Jina search
         * @description Searches the web and reads every result (`X-Respond-With: no-content` skips the reads) as one metered operation: one hold of the search and the most each read can cost, one charge of the search (like `POST /api/v1/search`) and a scrape per page read (like `POST /api/v1/scrape/`); a page that cannot be read keeps its listing with empty content and costs nothing. `count`/`num` 0–20 (default 5), `site` restricts to domains. `publishedTime` is the page's publication date (ISO 8601) when known. Text blocks by default, JSON with `Accept: application/json`. `HEAD` answers 405 (`Allow: GET`) without searching or charging anything.
         */
        get: {
            parameters: {
                query?: {
                    /** @description A whole number 0–20. */
                    count?: string;
                    /** @description A whole number 0–20. */
                    num?: string;
                    q?: string;
                    site?: string | string[];
                };
                header?: never;
                path: {
                    "*": string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tavily/extract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tavily extract
         * @description Key as `Authorization: Bearer <quarry key>` or body `api_key`. Errors are `{"detail": {"error": …}}` with Tavily's statuses (400, 401, 429; 432 when the balance is too low). Metered and cached like the Quarry endpoint it uses. One scrape per URL, charged like `POST /api/v1/scrape/` in one hold and charge; pages that fail are listed in `failed_results` and cost nothing.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        api_key?: string;
                        /**
                         * @description Accepted; Quarry renders in a browser when a page needs it.
                         * @enum {string}
                         */
                        extract_depth?: "basic" | "advanced";
                        /**
                         * @default markdown
                         * @enum {string}
                         */
                        format?: "markdown" | "text";
                        /** @description Accepted; no favicons are returned. */
                        include_favicon?: boolean;
                        /** @description Only `false`. */
                        include_images?: boolean;
                        include_usage?: boolean;
                        /** @description Seconds; accepted. */
                        timeout?: number;
                        urls: string | string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            failed_results: {
                                error: string;
                                url: string;
                            }[];
                            request_id: string;
                            response_time: number;
                            results: {
                                images: string[];
                                raw_content: string;
                                title: string | null;
                                url: string;
                            }[];
                            usage?: {
                                credits: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                432: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tavily/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tavily search
         * @description Key as `Authorization: Bearer <quarry key>` or body `api_key`. Errors are `{"detail": {"error": …}}` with Tavily's statuses (400, 401, 429; 432 when the balance is too low). Metered and cached like the Quarry endpoint it uses. One search (web, or news for `topic: "news"`), charged like `POST /api/v1/search`; `include_raw_content` adds one scrape per result, charged like `POST /api/v1/scrape/`, in the same one hold and charge. `include_answer` adds Quarry's answer, charged like `POST /api/v1/answer` (the search once, the pages read, the model tokens) instead of the search alone; nothing when no answer comes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The Quarry API key, when not sent as `Authorization: Bearer`. */
                        api_key?: string;
                        /** @description Only `false`. */
                        auto_parameters?: boolean;
                        /** @description ISO 3166-1 alpha-2 code (Quarry takes codes, not country names). */
                        country?: string;
                        /** @description Only results from the past N days. */
                        days?: number;
                        /** @description YYYY-MM-DD */
                        end_date?: string;
                        /** @description Search the query as one exact phrase. */
                        exact_match?: boolean;
                        exclude_domains?: string[];
                        /** @description Quarry's answer to the query in `answer`, from the top results' pages (`basic` or `true`: 3 pages, `advanced`: 5, at most `max_results`); charged as `POST /api/v1/answer` (the search, the pages read, the model tokens) instead of the search alone; needs a configured chat model. */
                        include_answer?: boolean | ("basic" | "advanced");
                        include_domains?: string[];
                        /** @description Accepted; no favicons are returned. */
                        include_favicon?: boolean;
                        /** @description Only `false`. */
                        include_image_descriptions?: boolean;
                        /** @description Only `false`. */
                        include_images?: boolean;
                        /** @description Scrape each result (charged as a scrape per result). */
                        include_raw_content?: boolean | ("markdown" | "text");
                        /** @description Adds `usage.credits`, the Quarry credits charged. */
                        include_usage?: boolean;
                        /** @default 5 */
                        max_results?: number;
                        query: string;
                        /**
                         * @description Accepted; Quarry has one depth.
                         * @enum {string}
                         */
                        search_depth?: "basic" | "advanced" | "fast" | "ultra-fast";
                        /** @description YYYY-MM-DD */
                        start_date?: string;
                        /** @enum {string} */
                        time_range?: "year" | "month" | "week" | "day" | "y" | "m" | "w" | "d";
                        /** @description Seconds; accepted. */
                        timeout?: number;
                        /**
                         * @description `general` searches the web, `news` the news vertical.
                         * @enum {string}
                         */
                        topic?: "general" | "news";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description With `include_answer`: Quarry's answer, citing results as `[k]`, the k-th of `results`; else null. */
                            answer: string | null;
                            images: string[];
                            query: string;
                            request_id: string;
                            /** @description Seconds. */
                            response_time: number;
                            results: {
                                /** @description The result snippet. */
                                content: string;
                                /** @description ISO 8601, when the page is dated. */
                                published_date?: string;
                                raw_content?: string | null;
                                /** @description Derived from the rank: 1 for the first result. */
                                score: number;
                                title: string;
                                url: string;
                            }[];
                            usage?: {
                                credits: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                432: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                error: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batch/scrape": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v1 batch scrape: start
         * @description Scrapes every URL with the options of one scrape (the model's formats excepted) as a durable job. Each page is charged as a scrape when it completes; when the credits run out the batch ends `completed` with a `warning` and fewer documents, the rest not charged. More than `BATCH_MAX_URLS` URLs answer 400; an account already running `BATCH_MAX_ACTIVE_PER_ACCOUNT` batches gets 429. With a `webhook`, the batch's events are sent to it (400 for a bad one, or when the server has no `KEY_ENCRYPTION_SECRET`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default `["markdown"]`. */
                        formats?: (string | ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        /** @description Leave invalid URLs out (listed in `invalidURLs`) instead of refusing the batch. */
                        ignoreInvalidURLs?: boolean;
                        integration?: string;
                        /** @description Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape. */
                        maxAge?: number;
                        /** @description Accepted; `BATCH_PAGE_CONCURRENCY` applies. */
                        maxConcurrency?: number;
                        /** @description Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…). */
                        onlyMainContent?: boolean;
                        origin?: string;
                        /** @description Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`. */
                        timeout?: number;
                        /** @description 1 to `BATCH_MAX_URLS` URLs (at most 1,000). */
                        urls: string[];
                        /** @description ms; > 0 renders the page in the headless browser, which waits for the network to go idle. */
                        waitFor?: number;
                        /** @description A URL or `{url, headers?, metadata?, events?}`: `batch_scrape.started`, `batch_scrape.page`, `batch_scrape.completed`, `batch_scrape.failed`, signed with the account's webhook secret (docs/webhooks.md). */
                        webhook?: unknown;
                        zeroDataRetention?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            invalidURLs?: string[];
                            /** @enum {boolean} */
                            success: true;
                            url: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batch/scrape/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v1 batch scrape: status */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    skip?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completed: number;
                            creditsUsed: number;
                            data: components["schemas"]["FirecrawlDocument"][];
                            expiresAt: string;
                            /** @description Absolute URL of the next page of `data`; absent on the last page. */
                            next?: string;
                            /** @description `scraping`, `completed`, `failed` or `cancelled`. */
                            status: string;
                            /** @enum {boolean} */
                            success: true;
                            total: number;
                            warning?: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Firecrawl v1 batch scrape: cancel */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "cancelled";
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batch/scrape/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v1 batch scrape: errors */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pages that failed, and pages robots.txt disallowed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                error: string;
                                id: string;
                                timestamp: string;
                                url: string;
                            }[];
                            robotsBlocked: string[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Firecrawl v1 batch scrape: errors */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pages that failed, and pages robots.txt disallowed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                error: string;
                                id: string;
                                timestamp: string;
                                url: string;
                            }[];
                            robotsBlocked: string[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crawl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v1 crawl: start
         * @description Starts a crawl with Quarry's crawler (robots.txt, sitemaps, `CRAWL_DELAY_MS` between requests to a host) as a durable job. Each page is charged `PRICE_SCRAPE` as it is crawled; the crawl ends cleanly, with a warning, when the credits run out. `limit`, `maxDiscoveryDepth` (`maxDepth` in v1), `allowExternalLinks`, `crawlEntireDomain`, `includePaths`, `excludePaths`, `regexOnFullURL`, `delay`, `scrapeOptions.formats`, `scrapeOptions.onlyMainContent`, `webhook` (a URL or `{url, headers, metadata, events}`: `crawl.started`, `crawl.page`, `crawl.completed`, `crawl.failed`, signed with the account's webhook secret; see docs/webhooks.md).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        allowBackwardLinks?: boolean;
                        /** @description Follow links to other hosts; default false. */
                        allowExternalLinks?: boolean;
                        allowSubdomains?: boolean;
                        crawlEntireDomain?: boolean;
                        deduplicateSimilarURLs?: boolean;
                        /** @description Seconds between two requests to the host, at most 60; the larger of it and `CRAWL_DELAY_MS` applies. */
                        delay?: number;
                        /** @description Regular expressions (RE2); matching links are not fetched. At most 50 of 200 characters. */
                        excludePaths?: string[];
                        ignoreQueryParameters?: boolean;
                        ignoreSitemap?: boolean;
                        /** @description Regular expressions (RE2); only matching links are fetched. At most 50 of 200 characters. */
                        includePaths?: string[];
                        integration?: string;
                        /** @description Most pages fetched (each one charged); default and cap `FIRECRAWL_CRAWL_MAX_PAGES`. */
                        limit?: number;
                        /** @description Accepted; the crawler asks one page of a host at a time. */
                        maxConcurrency?: number;
                        /** @description v1 spelling of `maxDiscoveryDepth`. */
                        maxDepth?: number;
                        /** @description Link hops from the start page (v2). */
                        maxDiscoveryDepth?: number;
                        origin?: string;
                        prompt?: string;
                        regexOnFullURL?: boolean;
                        robotsUserAgent?: string;
                        scrapeOptions?: components["schemas"]["FirecrawlScrapeOptions"];
                        sitemap?: "include" | "skip" | "only";
                        url: string;
                        zeroDataRetention?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {boolean} */
                            success: true;
                            url: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crawl/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v1 crawl: status */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    skip?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completed: number;
                            creditsUsed: number;
                            data: components["schemas"]["FirecrawlDocument"][];
                            expiresAt: string;
                            /** @description Absolute URL of the next page of `data`; absent on the last page. */
                            next?: string;
                            /** @description `scraping`, `completed`, `failed` or `cancelled`. */
                            status: string;
                            /** @enum {boolean} */
                            success: true;
                            total: number;
                            warning?: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Firecrawl v1 crawl: cancel */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "cancelled";
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crawl/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v1 crawl: errors */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pages that failed, and pages robots.txt disallowed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                error: string;
                                id: string;
                                timestamp: string;
                                url: string;
                            }[];
                            robotsBlocked: string[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Firecrawl v1 crawl: errors */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pages that failed, and pages robots.txt disallowed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                error: string;
                                id: string;
                                timestamp: string;
                                url: string;
                            }[];
                            robotsBlocked: string[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v1 map
         * @description The URLs of a site, from its sitemaps and the links of the given page, fetched through the guarded fetch engine; charged `PRICE_SCRAPE`. `search` keeps links containing the text; `sitemap` (v2) or `ignoreSitemap`/`sitemapOnly` (v1); `includeSubdomains`, `ignoreQueryParameters` (default true), `limit` (≤ 5000), `timeout`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default true. */
                        ignoreQueryParameters?: boolean;
                        /** @description v1 spelling of `sitemap: "skip"`. */
                        ignoreSitemap?: boolean;
                        includeSubdomains?: boolean;
                        integration?: string;
                        /** @description Default 5000. */
                        limit?: number;
                        origin?: string;
                        /** @description Only links containing this text (case-insensitive). */
                        search?: string;
                        /** @description v2; default `include`. */
                        sitemap?: "include" | "skip" | "only";
                        /** @description v1 spelling of `sitemap: "only"`. */
                        sitemapOnly?: boolean;
                        timeout?: number;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            links: string[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scrape": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v1 scrape
         * @description Firecrawl-compatible scrape over Quarry's scrape (same SSRF guard, cache and price: `PRICE_SCRAPE`, + `PRICE_SCRAPE_BROWSER` when rendered). Formats `markdown`, `html`, `rawHtml`, `links`, `json` (Quarry's structured JSON); options `onlyMainContent` (default true; false: the whole cleaned page), `maxAge`, `timeout`, `waitFor`. A chat model writes `{"type": "json", "schema"?, "prompt"?}` (v1: `json` with `jsonOptions`), `summary` and `{"type": "question", "question"}` (the document's `answer`), adding its tokens at the default model's price; an extraction that does not validate after one retry answers 422 (the model's tokens charged, not the page); without a chat model they answer 503. `changeTracking` compares the page's Markdown with this account's last scrape of it (per `tag`), fetching afresh unless `maxAge` is given: `changeTracking.changeStatus` `new`, `same`, `changed` (mode `git-diff`: with `diff.text` and `diff.json`) or `removed` (the page answers 404/410; not charged). The `json` mode is not available yet (400). Options that would change the answer and that Quarry cannot honour (actions, includeTags, location, a system prompt…) answer 400.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default `["markdown"]`. */
                        formats?: (string | ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        integration?: string;
                        /** @description Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape. */
                        maxAge?: number;
                        /** @description Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…). */
                        onlyMainContent?: boolean;
                        origin?: string;
                        /** @description Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`. */
                        timeout?: number;
                        url: string;
                        /** @description ms; > 0 renders the page in the headless browser, which waits for the network to go idle. */
                        waitFor?: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["FirecrawlDocument"];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v1 search
         * @description Firecrawl-compatible search over Quarry's search (same engines, cache and price: `PRICE_SEARCH_SOURCE` per source). `limit` (default 5, per source), `tbs`, `location`, `lang`, `country`, `timeout`; `scrapeOptions.formats` scrapes each web/news hit, charged as a scrape. `categories`, `includeDomains`, `excludeDomains` and `filter` answer 400 (use `site:` in the query).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        country?: string;
                        ignoreInvalidURLs?: boolean;
                        integration?: string;
                        lang?: string;
                        /** @description Results per source; default 5. */
                        limit?: number;
                        location?: string;
                        origin?: string;
                        query: string;
                        scrapeOptions?: components["schemas"]["FirecrawlScrapeOptions"];
                        /** @description qdr:h|d|w|m|y, sbd:1 */
                        tbs?: string;
                        timeout?: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            creditsUsed: number;
                            data: {
                                [key: string]: unknown;
                            }[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/batch/scrape": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v2 batch scrape: start
         * @description Scrapes every URL with the options of one scrape (the model's formats excepted) as a durable job. Each page is charged as a scrape when it completes; when the credits run out the batch ends `completed` with a `warning` and fewer documents, the rest not charged. More than `BATCH_MAX_URLS` URLs answer 400; an account already running `BATCH_MAX_ACTIVE_PER_ACCOUNT` batches gets 429. With a `webhook`, the batch's events are sent to it (400 for a bad one, or when the server has no `KEY_ENCRYPTION_SECRET`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default `["markdown"]`. */
                        formats?: (string | ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        /** @description Leave invalid URLs out (listed in `invalidURLs`) instead of refusing the batch. */
                        ignoreInvalidURLs?: boolean;
                        integration?: string;
                        /** @description Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape. */
                        maxAge?: number;
                        /** @description Accepted; `BATCH_PAGE_CONCURRENCY` applies. */
                        maxConcurrency?: number;
                        /** @description Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…). */
                        onlyMainContent?: boolean;
                        origin?: string;
                        /** @description Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`. */
                        timeout?: number;
                        /** @description 1 to `BATCH_MAX_URLS` URLs (at most 1,000). */
                        urls: string[];
                        /** @description ms; > 0 renders the page in the headless browser, which waits for the network to go idle. */
                        waitFor?: number;
                        /** @description A URL or `{url, headers?, metadata?, events?}`: `batch_scrape.started`, `batch_scrape.page`, `batch_scrape.completed`, `batch_scrape.failed`, signed with the account's webhook secret (docs/webhooks.md). */
                        webhook?: unknown;
                        zeroDataRetention?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            invalidURLs?: string[];
                            /** @enum {boolean} */
                            success: true;
                            url: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/batch/scrape/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v2 batch scrape: status */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    skip?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completed: number;
                            creditsUsed: number;
                            data: components["schemas"]["FirecrawlDocument"][];
                            expiresAt: string;
                            /** @description Absolute URL of the next page of `data`; absent on the last page. */
                            next?: string;
                            /** @description `scraping`, `completed`, `failed` or `cancelled`. */
                            status: string;
                            /** @enum {boolean} */
                            success: true;
                            total: number;
                            warning?: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Firecrawl v2 batch scrape: cancel */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "cancelled";
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/batch/scrape/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v2 batch scrape: errors */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pages that failed, and pages robots.txt disallowed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                error: string;
                                id: string;
                                timestamp: string;
                                url: string;
                            }[];
                            robotsBlocked: string[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/crawl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v2 crawl: start
         * @description Starts a crawl with Quarry's crawler (robots.txt, sitemaps, `CRAWL_DELAY_MS` between requests to a host) as a durable job. Each page is charged `PRICE_SCRAPE` as it is crawled; the crawl ends cleanly, with a warning, when the credits run out. `limit`, `maxDiscoveryDepth` (`maxDepth` in v1), `allowExternalLinks`, `crawlEntireDomain`, `includePaths`, `excludePaths`, `regexOnFullURL`, `delay`, `scrapeOptions.formats`, `scrapeOptions.onlyMainContent`, `webhook` (a URL or `{url, headers, metadata, events}`: `crawl.started`, `crawl.page`, `crawl.completed`, `crawl.failed`, signed with the account's webhook secret; see docs/webhooks.md).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        allowBackwardLinks?: boolean;
                        /** @description Follow links to other hosts; default false. */
                        allowExternalLinks?: boolean;
                        allowSubdomains?: boolean;
                        crawlEntireDomain?: boolean;
                        deduplicateSimilarURLs?: boolean;
                        /** @description Seconds between two requests to the host, at most 60; the larger of it and `CRAWL_DELAY_MS` applies. */
                        delay?: number;
                        /** @description Regular expressions (RE2); matching links are not fetched. At most 50 of 200 characters. */
                        excludePaths?: string[];
                        ignoreQueryParameters?: boolean;
                        ignoreSitemap?: boolean;
                        /** @description Regular expressions (RE2); only matching links are fetched. At most 50 of 200 characters. */
                        includePaths?: string[];
                        integration?: string;
                        /** @description Most pages fetched (each one charged); default and cap `FIRECRAWL_CRAWL_MAX_PAGES`. */
                        limit?: number;
                        /** @description Accepted; the crawler asks one page of a host at a time. */
                        maxConcurrency?: number;
                        /** @description v1 spelling of `maxDiscoveryDepth`. */
                        maxDepth?: number;
                        /** @description Link hops from the start page (v2). */
                        maxDiscoveryDepth?: number;
                        origin?: string;
                        prompt?: string;
                        regexOnFullURL?: boolean;
                        robotsUserAgent?: string;
                        scrapeOptions?: components["schemas"]["FirecrawlScrapeOptions"];
                        sitemap?: "include" | "skip" | "only";
                        url: string;
                        zeroDataRetention?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {boolean} */
                            success: true;
                            url: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/crawl/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v2 crawl: status */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    skip?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completed: number;
                            creditsUsed: number;
                            data: components["schemas"]["FirecrawlDocument"][];
                            expiresAt: string;
                            /** @description Absolute URL of the next page of `data`; absent on the last page. */
                            next?: string;
                            /** @description `scraping`, `completed`, `failed` or `cancelled`. */
                            status: string;
                            /** @enum {boolean} */
                            success: true;
                            total: number;
                            warning?: string;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Firecrawl v2 crawl: cancel */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "cancelled";
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/crawl/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firecrawl v2 crawl: errors */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Pages that failed, and pages robots.txt disallowed. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                error: string;
                                id: string;
                                timestamp: string;
                                url: string;
                            }[];
                            robotsBlocked: string[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v2 map
         * @description The URLs of a site, from its sitemaps and the links of the given page, fetched through the guarded fetch engine; charged `PRICE_SCRAPE`. `search` keeps links containing the text; `sitemap` (v2) or `ignoreSitemap`/`sitemapOnly` (v1); `includeSubdomains`, `ignoreQueryParameters` (default true), `limit` (≤ 5000), `timeout`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default true. */
                        ignoreQueryParameters?: boolean;
                        /** @description v1 spelling of `sitemap: "skip"`. */
                        ignoreSitemap?: boolean;
                        includeSubdomains?: boolean;
                        integration?: string;
                        /** @description Default 5000. */
                        limit?: number;
                        origin?: string;
                        /** @description Only links containing this text (case-insensitive). */
                        search?: string;
                        /** @description v2; default `include`. */
                        sitemap?: "include" | "skip" | "only";
                        /** @description v1 spelling of `sitemap: "only"`. */
                        sitemapOnly?: boolean;
                        timeout?: number;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            links: {
                                title?: string;
                                url: string;
                            }[];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/scrape": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v2 scrape
         * @description Firecrawl-compatible scrape over Quarry's scrape (same SSRF guard, cache and price: `PRICE_SCRAPE`, + `PRICE_SCRAPE_BROWSER` when rendered). Formats `markdown`, `html`, `rawHtml`, `links`, `json` (Quarry's structured JSON); options `onlyMainContent` (default true; false: the whole cleaned page), `maxAge`, `timeout`, `waitFor`. A chat model writes `{"type": "json", "schema"?, "prompt"?}` (v1: `json` with `jsonOptions`), `summary` and `{"type": "question", "question"}` (the document's `answer`), adding its tokens at the default model's price; an extraction that does not validate after one retry answers 422 (the model's tokens charged, not the page); without a chat model they answer 503. `changeTracking` compares the page's Markdown with this account's last scrape of it (per `tag`), fetching afresh unless `maxAge` is given: `changeTracking.changeStatus` `new`, `same`, `changed` (mode `git-diff`: with `diff.text` and `diff.json`) or `removed` (the page answers 404/410; not charged). The `json` mode is not available yet (400). Options that would change the answer and that Quarry cannot honour (actions, includeTags, location, a system prompt…) answer 400.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default `["markdown"]`. */
                        formats?: (string | ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        integration?: string;
                        /** @description Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape. */
                        maxAge?: number;
                        /** @description Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…). */
                        onlyMainContent?: boolean;
                        origin?: string;
                        /** @description Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`. */
                        timeout?: number;
                        url: string;
                        /** @description ms; > 0 renders the page in the headless browser, which waits for the network to go idle. */
                        waitFor?: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["FirecrawlDocument"];
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firecrawl v2 search
         * @description Firecrawl-compatible search over Quarry's search (same engines, cache and price: `PRICE_SEARCH_SOURCE` per source). `limit` (default 5, per source), `tbs`, `location`, `lang`, `country`, `timeout`; `scrapeOptions.formats` scrapes each web/news hit, charged as a scrape. `categories`, `includeDomains`, `excludeDomains` and `filter` answer 400 (use `site:` in the query).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        country?: string;
                        ignoreInvalidURLs?: boolean;
                        integration?: string;
                        lang?: string;
                        /** @description Results per source; default 5. */
                        limit?: number;
                        location?: string;
                        origin?: string;
                        query: string;
                        scrapeOptions?: components["schemas"]["FirecrawlScrapeOptions"];
                        /** @description `web`, `news`, `images`; default `["web"]`. */
                        sources?: (string | ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        /** @description qdr:h|d|w|m|y, sbd:1 */
                        tbs?: string;
                        timeout?: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            creditsUsed: number;
                            data: {
                                images?: {
                                    [key: string]: unknown;
                                }[];
                                news?: {
                                    [key: string]: unknown;
                                }[];
                                web?: {
                                    [key: string]: unknown;
                                }[];
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
                /** @description Firecrawl error body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
                /** @description Firecrawl error body. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FirecrawlError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Activation: {
            token: string;
            uid: string;
        };
        Activity: {
            /** @description The net change of the balance */
            amount: number;
            api_key_id: number | null;
            balance_after: number;
            /** Format: date-time */
            created: string;
            endpoint: string | null;
            /** @description Its ledger entries (hold, release, charge…), oldest first */
            entries: components["schemas"]["LedgerEntry"][];
            /** @description The hold id of a call, or the entry id of anything else */
            id: string;
            /** @enum {string} */
            kind: "call" | "grant" | "purchase" | "refund" | "adjustment";
            note: string | null;
            request_id: string | null;
            /**
             * @description Of a call: charged (zero included), failed (released, nothing charged) or running (credits held)
             * @enum {string|null}
             */
            status: "charged" | "failed" | "running" | null;
        };
        /**
         * AnswerRequest
         * @description A question to answer from the web, with numbered sources.
         */
        AnswerRequest: {
            /**
             * @description ISO 3166-1 alpha-2 country code
             * @default us
             */
            country?: string;
            /** @description host language code, e.g. "en", "pt-BR", "zh-Hant" */
            lang?: string;
            /**
             * @description pages read (each charged as a scrape)
             * @default 5
             */
            limit?: number;
            /** @description canonical location, e.g. "Austin,Texas,United States" */
            location?: string;
            /**
             * @description the answer's completion budget in tokens
             * @default 1024
             */
            max_tokens?: number;
            /** @description a chat model of `GET /api/v1/models`; default: the default model */
            model?: string;
            /** @description the question; also the search query */
            query: string;
            /**
             * @description the verticals searched for pages to read (`web`, `news`, `scholar`); one search is charged per source
             * @default [
             *       "web"
             *     ]
             */
            sources?: ("web" | "news" | "scholar")[];
            /**
             * @description Server-Sent Events: the sources, the answer tokens, then the checked answer and usage
             * @default false
             */
            stream?: boolean;
            /** @description qdr:h|d|w|m|y (past hour … year, optionally with a count such as qdr:d3), sbd:1 (sort by date), comma-separated */
            tbs?: string;
            /**
             * @description false forces a fresh search
             * @default true
             */
            use_cache?: boolean;
        };
        /** AnswerResponse */
        AnswerResponse: {
            data: {
                /** @description Markdown; `[n]` cites source n */
                answer: string;
                /** @description the sources the answer cites, by `n`; a source not cited is not listed */
                citations: {
                    /** @description the number the answer cites it by, `[n]` */
                    n: number;
                    /** @description a passage of the page the model was given, verbatim */
                    quote: string;
                    title: string;
                    url: string;
                }[];
                searchParameters: {
                    engine: string;
                    gl: string;
                    hl?: string;
                    limit: number;
                    location?: string;
                    model: string;
                    q: string;
                    sources: string[];
                    tbs?: string;
                };
                /** @description every page given to the model, by `n` */
                sources: {
                    date?: string;
                    n: number;
                    snippet: string;
                    title: string;
                    url: string;
                }[];
                /** @description present when a page was skipped or a marker removed */
                warnings?: string[];
            };
            /** @enum {boolean} */
            success: true;
            usage: components["schemas"]["AnswerUsage"];
        };
        /** AnswerUsage */
        AnswerUsage: {
            /** @description credits of the model's tokens */
            chat: number;
            completion_tokens: number;
            credits_remaining: number;
            credits_used: number;
            /** @description credits of the pages read */
            pages: number;
            prompt_tokens: number;
            /** @description credits of the search */
            search: number;
        };
        /** @description Create a key. The response carries the secret, shown in full only here, at reset and at reveal. */
        APIKeyCreate: {
            /** Format: date-time */
            readonly created?: string;
            /** @description Key id (digits) */
            readonly id?: number;
            /** @description The full secret, `qk_…`; send it as `X-API-KEY`. */
            readonly key?: string;
            /** @description A label for the key */
            name: string;
            /** @description The first characters of the secret, to tell keys apart */
            readonly prefix?: string;
            /** @description Created with encrypted storage, so it can be revealed */
            readonly revealable?: boolean;
        };
        /** @description The new key that replaced a reset one. */
        APIKeyCreatedResponse: {
            /** Format: date-time */
            readonly created: string;
            /** @description Key id (digits) */
            readonly id: number;
            /** @description The full secret, `qk_…`; send it as `X-API-KEY`. */
            readonly key: string;
            /** @description A label for the key */
            name: string;
            /** @description The first characters of the secret, to tell keys apart */
            readonly prefix: string;
            /** @description Created with encrypted storage, so it can be revealed */
            readonly revealable: boolean;
        };
        /** @description A key without its secret. */
        APIKeyList: {
            /** Format: date-time */
            readonly created: string;
            /** @description Key id (digits) */
            readonly id: number;
            readonly is_active: boolean;
            /** Format: date-time */
            readonly last_used: string | null;
            /** @description A label for the key */
            name: string;
            /** @description The first characters of the secret, to tell keys apart */
            readonly prefix: string;
            /** @description Created with encrypted storage, so it can be revealed */
            readonly revealable: boolean;
        };
        /** @description Rename: only the name changes; the answer is the whole key, without its secret. */
        APIKeyPartialUpdate: {
            /** Format: date-time */
            readonly created?: string;
            /** @description Key id (digits) */
            readonly id?: number;
            readonly is_active?: boolean;
            /** Format: date-time */
            readonly last_used?: string | null;
            /** @description A label for the key */
            name: string;
            /** @description The first characters of the secret, to tell keys apart */
            readonly prefix?: string;
            /** @description Created with encrypted storage, so it can be revealed */
            readonly revealable?: boolean;
        };
        APIKeyRevealResponse: {
            /** @description Key id (digits) */
            readonly id: number;
            /** @description The full secret, `qk_…`; send it as `X-API-KEY`. */
            readonly key: string;
            /** @description A label for the key */
            name: string;
            /** @description The first characters of the secret, to tell keys apart */
            readonly prefix: string;
        };
        /** @description One transaction of the account and whether its credits were granted. */
        BillingStatus: {
            /**
             * @description Decimal amount in `currency`: the plan price until the provider reports what was paid (tax included).
             * @example 9.00
             */
            amount: string;
            /** Format: date-time */
            created: string;
            /** @description Credits this transaction grants, once, when paid. */
            credits: number;
            currency: string;
            /**
             * Format: date-time
             * @description When the credits were added; null until then.
             */
            granted_at: string | null;
            plan: string;
            provider: string;
            /**
             * @description `paid` once the provider reports the money in; `pending` before; `canceled`/`failed` when it will not be paid.
             * @enum {string}
             */
            status: "pending" | "paid" | "canceled" | "failed";
            transaction_id: string;
        };
        /** @description The browser's login session, read from the HttpOnly login cookies (the page cannot read them). Never a 401: no session is an answer. */
        BrowserSession: {
            /** @description Whether the access cookie is valid: `user` is then the logged-in user. */
            authenticated: boolean;
            /** @description Not logged in now, but the refresh cookie is still valid: `POST /api/v1/auth/jwt/refresh/` with an empty body starts a new access token. Always false when `authenticated` is true. */
            refreshable: boolean;
            user: components["schemas"]["User"] | (never | null);
        };
        ChangeTrackingResult: {
            /**
             * @description `new`: no earlier scrape of this URL (and tag) by this account; `same`/`changed`: its Markdown is equal to / differs from the last one; `removed`: the page now answers 404 or 410 (the earlier snapshot is kept).
             * @enum {string}
             */
            changeStatus: "new" | "same" | "changed" | "removed";
            /** @description With the `git-diff` mode, when the page changed (and both versions were small enough to keep, 1 MB each). */
            diff?: {
                /** @description The same hunks as JSON: `{files: [{from, to, chunks: [{content, changes: [{type, ln?, ln1?, ln2?, content}]}]}]}`. */
                json: unknown;
                /** @description A unified, git-style diff of the Markdown lines (`--- a/previous.md`, `+++ b/current.md`, `@@` hunks). */
                text: string;
            };
            /** @description When the snapshot compared with was taken (ISO 8601); null for `new`. */
            previousScrapeAt: string | null;
            /**
             * @description Always `visible`: the page was asked for by URL.
             * @enum {string}
             */
            visibility: "visible" | "hidden";
        };
        /** @description A chat completion with its token usage and the credits it cost. */
        ChatCompletion: {
            choices: {
                /** @description stop | length | tool_calls | content_filter | …, as the upstream said */
                finish_reason: string;
                index: number;
                message: {
                    /** @description Text; `null` only when the answer is tool calls (OpenAI-compatible route) */
                    content: string | null;
                    /** @enum {string} */
                    role: "assistant";
                    /** @description The functions the model calls (OpenAI-compatible route, with `tools`) */
                    tool_calls?: {
                        function: {
                            /** @description JSON text, as the model wrote it */
                            arguments: string;
                            name: string;
                        };
                        id: string;
                        /** @enum {string} */
                        type: "function";
                    }[];
                };
            }[];
            /** @description `quarry-answer` only: the URL of each source given to the model; `[n]` in the answer is `citations[n-1]` */
            citations?: string[];
            created: number;
            id: string;
            model: string;
            /** @enum {string} */
            object: "chat.completion";
            /** @description `quarry-answer` only: the sources in the order of `citations`, as the search found them */
            search_results?: {
                /** @description as the search engine showed it, when it did */
                date: string | null;
                snippet: string;
                title: string;
                url: string;
            }[];
            usage: {
                completion_tokens: number;
                credits_remaining: number;
                credits_used: number;
                prompt_tokens: number;
                total_tokens: number;
            };
        };
        /** @description A chat model clients may name (OpenAI model object). */
        ChatModel: {
            /** @description Unix seconds */
            created: number;
            id: string;
            /** @enum {string} */
            object: "model";
            owned_by: string;
        };
        /** @description The chat models this service offers (OpenAI list format). */
        ChatModelList: {
            data: components["schemas"]["ChatModel"][];
            /** @enum {string} */
            object: "list";
        };
        /** @description A conversation to complete; `stream: true` answers with Server-Sent Events. Unknown fields are refused (400). */
        ChatRequest: {
            /** @default 4096 */
            max_tokens?: number;
            messages: {
                content: string;
                role: "system" | "user" | "assistant";
            }[];
            /** @default false */
            stream?: boolean;
            /** @default 0.7 */
            temperature?: number;
        };
        /** @description A transaction created at the payment provider, with what a browser needs to open its checkout. */
        CheckoutTransaction: {
            /** @description Hosted payment page carrying the transaction (`?_ptxn=txn_…`); redirect the buyer there, or open the checkout with Paddle.js. */
            checkout_url: string | null;
            /** @description Public Paddle.js token for `Paddle.Initialize({ token })`; null when not configured. */
            client_token: string | null;
            /** @description For `Paddle.Environment.set` (`sandbox`) before `Paddle.Initialize`. */
            environment: string | null;
            plan: string;
            /** @example paddle */
            provider: string;
            /**
             * @description `paid` once the provider reports the money in; `pending` before; `canceled`/`failed` when it will not be paid.
             * @enum {string}
             */
            status: "pending" | "paid" | "canceled" | "failed";
            /** @description The provider transaction id (`txn_…` at Paddle); confirm with it. */
            transaction_id: string;
        };
        /** @description The transaction to check with the payment provider. */
        ConfirmTransaction: {
            /**
             * @description The provider transaction id returned by checkout.
             * @example txn_01hv8x9y2z3a4b5c6d7e8f9g0h
             */
            transaction_id: string;
        };
        CreditsBalance: {
            credits_remaining: number;
        };
        /** @description Credits used per UTC day and endpoint, for a chart. */
        DailyUsage: {
            /** @description Every UTC day of the window, oldest first (days without usage included) */
            days: string[];
            /** @description Endpoints with charges in the window (`search`, a vertical, `scrape`, `chat`…) */
            endpoints: string[];
            /** @description Only the (day, endpoint) pairs that had charges */
            results: {
                credits: number;
                /** Format: date */
                day: string;
                endpoint: string;
                requests: number;
            }[];
            total: {
                credits: number;
                requests: number;
            };
        };
        /** @description What the dashboard needs to know before a user logs in; nothing secret. */
        DashboardConfig: {
            docs_url: string;
            payments: {
                /** @description Public Paddle.js token for `Paddle.Initialize` */
                client_token: string | null;
                /** @description Whether checkout works: a Paddle API key and a Paddle.js client token are configured */
                enabled: boolean;
                /** @enum {string} */
                environment: "sandbox" | "production";
                /** @example paddle */
                provider: string;
            };
        };
        /** @description A DRF error: one human-readable message. */
        ErrorDetail: {
            detail: string;
            /** @description What to do instead, where the fixed `detail` cannot say it (a login token sent where an API key is wanted). */
            hint?: string;
        };
        /** @description DRF validation errors: each field name maps to a list of messages (nested objects for nested fields). */
        FieldErrors: {
            [key: string]: unknown;
        };
        FirecrawlBatchScrapeRequest: {
            /** @description Default `["markdown"]`. */
            formats?: (string | ({
                type: string;
            } & {
                [key: string]: unknown;
            }))[];
            /** @description Leave invalid URLs out (listed in `invalidURLs`) instead of refusing the batch. */
            ignoreInvalidURLs?: boolean;
            integration?: string;
            /** @description Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape. */
            maxAge?: number;
            /** @description Accepted; `BATCH_PAGE_CONCURRENCY` applies. */
            maxConcurrency?: number;
            /** @description Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…). */
            onlyMainContent?: boolean;
            origin?: string;
            /** @description Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`. */
            timeout?: number;
            /** @description 1 to `BATCH_MAX_URLS` URLs (at most 1,000). */
            urls: string[];
            /** @description ms; > 0 renders the page in the headless browser, which waits for the network to go idle. */
            waitFor?: number;
            /** @description A URL or `{url, headers?, metadata?, events?}`: `batch_scrape.started`, `batch_scrape.page`, `batch_scrape.completed`, `batch_scrape.failed`, signed with the account's webhook secret (docs/webhooks.md). */
            webhook?: unknown;
            zeroDataRetention?: boolean;
        } & {
            [key: string]: unknown;
        };
        FirecrawlBatchScrapeStarted: {
            id: string;
            invalidURLs?: string[];
            /** @enum {boolean} */
            success: true;
            url: string;
        };
        FirecrawlCrawlCancelled: {
            /** @enum {string} */
            status: "cancelled";
            /** @enum {boolean} */
            success: true;
        };
        /** @description Pages that failed, and pages robots.txt disallowed. */
        FirecrawlCrawlErrors: {
            errors: {
                error: string;
                id: string;
                timestamp: string;
                url: string;
            }[];
            robotsBlocked: string[];
            /** @enum {boolean} */
            success: true;
        };
        FirecrawlCrawlRequest: {
            allowBackwardLinks?: boolean;
            /** @description Follow links to other hosts; default false. */
            allowExternalLinks?: boolean;
            allowSubdomains?: boolean;
            crawlEntireDomain?: boolean;
            deduplicateSimilarURLs?: boolean;
            /** @description Seconds between two requests to the host, at most 60; the larger of it and `CRAWL_DELAY_MS` applies. */
            delay?: number;
            /** @description Regular expressions (RE2); matching links are not fetched. At most 50 of 200 characters. */
            excludePaths?: string[];
            ignoreQueryParameters?: boolean;
            ignoreSitemap?: boolean;
            /** @description Regular expressions (RE2); only matching links are fetched. At most 50 of 200 characters. */
            includePaths?: string[];
            integration?: string;
            /** @description Most pages fetched (each one charged); default and cap `FIRECRAWL_CRAWL_MAX_PAGES`. */
            limit?: number;
            /** @description Accepted; the crawler asks one page of a host at a time. */
            maxConcurrency?: number;
            /** @description v1 spelling of `maxDiscoveryDepth`. */
            maxDepth?: number;
            /** @description Link hops from the start page (v2). */
            maxDiscoveryDepth?: number;
            origin?: string;
            prompt?: string;
            regexOnFullURL?: boolean;
            robotsUserAgent?: string;
            scrapeOptions?: components["schemas"]["FirecrawlScrapeOptions"];
            sitemap?: "include" | "skip" | "only";
            url: string;
            zeroDataRetention?: boolean;
        } & {
            [key: string]: unknown;
        };
        FirecrawlCrawlStarted: {
            id: string;
            /** @enum {boolean} */
            success: true;
            url: string;
        };
        FirecrawlCrawlStatus: {
            completed: number;
            creditsUsed: number;
            data: components["schemas"]["FirecrawlDocument"][];
            expiresAt: string;
            /** @description Absolute URL of the next page of `data`; absent on the last page. */
            next?: string;
            /** @description `scraping`, `completed`, `failed` or `cancelled`. */
            status: string;
            /** @enum {boolean} */
            success: true;
            total: number;
            warning?: string;
        };
        FirecrawlDocument: {
            /** @description The chat model's answer to the `question` format, from the page alone. */
            answer?: string;
            /** @description The `changeTracking` format: the page compared with this account's last scrape of it (and tag). */
            changeTracking?: {
                /** @description `new`, `same`, `changed` or `removed` (the page now answers 404 or 410). */
                changeStatus: string;
                diff?: {
                    json: unknown;
                    text: string;
                };
                previousScrapeAt: string | null;
                /** @description Always `visible`: the page was asked for by URL. */
                visibility: string;
            };
            html?: string;
            /** @description Quarry's structured JSON of the page (as `data.json` of `POST /api/v1/scrape/`); with a schema or prompt, the JSON the model extracted. */
            json?: unknown;
            links?: string[];
            markdown?: string;
            metadata: {
                author?: string;
                cachedAt?: string;
                cacheState?: string;
                contentType?: string;
                creditsUsed?: number;
                description?: string;
                error?: string;
                language?: string;
                proxyUsed?: string;
                sourceURL: string;
                statusCode: number;
                title?: string;
                url: string;
            } & {
                [key: string]: unknown;
            };
            rawHtml?: string;
            /** @description URL of the PNG (JPEG with `quality`) of the rendered page: no API key needed, 404 after `SCREENSHOT_TTL` seconds. */
            screenshot?: string;
            /** @description The chat model's summary of the page. */
            summary?: string;
            warning?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description Firecrawl error body. */
        FirecrawlError: {
            code?: string;
            details?: unknown;
            error: string;
            /** @enum {boolean} */
            success: false;
        };
        FirecrawlMapRequest: {
            /** @description Default true. */
            ignoreQueryParameters?: boolean;
            /** @description v1 spelling of `sitemap: "skip"`. */
            ignoreSitemap?: boolean;
            includeSubdomains?: boolean;
            integration?: string;
            /** @description Default 5000. */
            limit?: number;
            origin?: string;
            /** @description Only links containing this text (case-insensitive). */
            search?: string;
            /** @description v2; default `include`. */
            sitemap?: "include" | "skip" | "only";
            /** @description v1 spelling of `sitemap: "only"`. */
            sitemapOnly?: boolean;
            timeout?: number;
            url: string;
        } & {
            [key: string]: unknown;
        };
        FirecrawlMapResponseV1: {
            links: string[];
            /** @enum {boolean} */
            success: true;
        };
        FirecrawlMapResponseV2: {
            links: {
                title?: string;
                url: string;
            }[];
            /** @enum {boolean} */
            success: true;
        };
        FirecrawlScrapeOptions: {
            /** @description Default `["markdown"]`. */
            formats?: (string | ({
                type: string;
            } & {
                [key: string]: unknown;
            }))[];
            integration?: string;
            /** @description Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape. */
            maxAge?: number;
            /** @description Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…). */
            onlyMainContent?: boolean;
            origin?: string;
            /** @description Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`. */
            timeout?: number;
            /** @description ms; > 0 renders the page in the headless browser, which waits for the network to go idle. */
            waitFor?: number;
        } & {
            [key: string]: unknown;
        };
        FirecrawlScrapeRequest: {
            /** @description Default `["markdown"]`. */
            formats?: (string | ({
                type: string;
            } & {
                [key: string]: unknown;
            }))[];
            integration?: string;
            /** @description Accept a cached copy at most this old (ms, at most 10 years); 0 forces a fresh scrape. */
            maxAge?: number;
            /** @description Default `true`: `markdown` and `html` are the main content; `false`: the whole cleaned page (navigation, footer…). */
            onlyMainContent?: boolean;
            origin?: string;
            /** @description Deadline in ms; passed → 408 `SCRAPE_TIMEOUT`. */
            timeout?: number;
            url: string;
            /** @description ms; > 0 renders the page in the headless browser, which waits for the network to go idle. */
            waitFor?: number;
        } & {
            [key: string]: unknown;
        };
        FirecrawlScrapeResponse: {
            data: components["schemas"]["FirecrawlDocument"];
            /** @enum {boolean} */
            success: true;
        };
        FirecrawlSearchRequestV1: {
            country?: string;
            ignoreInvalidURLs?: boolean;
            integration?: string;
            lang?: string;
            /** @description Results per source; default 5. */
            limit?: number;
            location?: string;
            origin?: string;
            query: string;
            scrapeOptions?: components["schemas"]["FirecrawlScrapeOptions"];
            /** @description qdr:h|d|w|m|y, sbd:1 */
            tbs?: string;
            timeout?: number;
        } & {
            [key: string]: unknown;
        };
        FirecrawlSearchRequestV2: {
            country?: string;
            ignoreInvalidURLs?: boolean;
            integration?: string;
            lang?: string;
            /** @description Results per source; default 5. */
            limit?: number;
            location?: string;
            origin?: string;
            query: string;
            scrapeOptions?: components["schemas"]["FirecrawlScrapeOptions"];
            /** @description `web`, `news`, `images`; default `["web"]`. */
            sources?: (string | ({
                type: string;
            } & {
                [key: string]: unknown;
            }))[];
            /** @description qdr:h|d|w|m|y, sbd:1 */
            tbs?: string;
            timeout?: number;
        } & {
            [key: string]: unknown;
        };
        FirecrawlSearchResponseV1: {
            creditsUsed: number;
            data: {
                [key: string]: unknown;
            }[];
            /** @enum {boolean} */
            success: true;
        };
        FirecrawlSearchResponseV2: {
            creditsUsed: number;
            data: {
                images?: {
                    [key: string]: unknown;
                }[];
                news?: {
                    [key: string]: unknown;
                }[];
                web?: {
                    [key: string]: unknown;
                }[];
            };
            /** @enum {boolean} */
            success: true;
        };
        /** @description Not enough credits to hold the most this call can cost. */
        InsufficientCredits: {
            credits_remaining: number;
            error: string;
            /** @description Relative path of the plans page */
            upgrade_url: string;
        };
        LedgerEntry: {
            /** @description Credits added (positive) or taken (negative) */
            amount: number;
            api_key_id: number | null;
            balance_after: number;
            /** Format: date-time */
            created: string;
            endpoint: string | null;
            id: number;
            /** @enum {string} */
            kind: "grant" | "purchase" | "hold" | "charge" | "release" | "refund" | "adjustment";
            note: string | null;
            request_id: string | null;
        };
        Logout: {
            /** @description Refresh token to blacklist; defaults to the `refresh` cookie. */
            refresh?: string;
        };
        /** @description The OpenAI Chat Completions request; `model` is accepted and mapped to the service model. A top-level `null` means "not given". Every field is honoured or refused with a 400 naming it (docs/chat.md). */
        OpenAIChatCompletionRequest: {
            /** @description Refused with a 400 when given: audio output is not offered */
            audio?: unknown;
            frequency_penalty?: number;
            /** @description Refused with a 400 when given: deprecated: use `tool_choice` */
            function_call?: unknown;
            /** @description Refused with a 400 when given: deprecated: use `tools` */
            functions?: unknown;
            /** @description Token ids of the upstream model's tokenizer → bias; passed upstream. */
            logit_bias?: {
                [key: string]: number;
            };
            /** @description Only `false`: log probabilities are not relayed. */
            logprobs?: boolean;
            /** @description Wins over `max_tokens`; sent upstream as `max_tokens`. */
            max_completion_tokens?: number;
            max_tokens?: number;
            messages: {
                content?: string | {
                    image_url?: {
                        detail?: "auto" | "low" | "high";
                        url: string;
                    };
                    text?: string;
                    type: string;
                }[] | (never | null);
                name?: string;
                /** @description The openai SDK's parsed copy of `content`; not sent upstream (`content` is). */
                parsed?: unknown;
                refusal?: string | null;
                role: "system" | "developer" | "user" | "assistant" | "tool";
                tool_call_id?: string;
                tool_calls?: {
                    function: {
                        arguments: string;
                        name: string;
                        /** @description The openai SDK's parsed copy of `arguments`; not sent upstream (`arguments` is). */
                        parsed_arguments?: unknown;
                    };
                    id: string;
                    /** @enum {string} */
                    type: "function";
                }[];
            }[];
            /** @description Refused with a 400 when given: stored completions are not offered */
            metadata?: unknown;
            /** @description Only `["text"]`. */
            modalities?: string[];
            /** @description Accepted; the service model answers. */
            model?: string;
            /** @description Only 1: one choice per call. */
            n?: number;
            parallel_tool_calls?: boolean;
            /** @description Refused with a 400 when given: predicted outputs are not offered */
            prediction?: unknown;
            presence_penalty?: number;
            prompt_cache_key?: string;
            reasoning_effort?: "none" | "minimal" | "low" | "medium" | "high" | "xhigh";
            response_format?: {
                json_schema?: {
                    description?: string;
                    name: string;
                    /** @description A JSON Schema object, passed upstream as given. */
                    schema?: {
                        [key: string]: unknown;
                    };
                    strict?: boolean | null;
                };
                type: "text" | "json_object" | "json_schema";
            };
            safety_identifier?: string;
            seed?: number;
            /** @description Refused with a 400 when given: the upstream tier is part of the model, and so of its price */
            service_tier?: unknown;
            stop?: string | string[];
            /** @description Only `false`: Quarry does not ask the upstream to store completions. */
            store?: boolean;
            stream?: boolean;
            stream_options?: {
                include_usage?: boolean | null;
            };
            temperature?: number;
            tool_choice?: "none" | "auto" | "required" | {
                function: {
                    name: string;
                };
                /** @enum {string} */
                type: "function";
            };
            tools?: {
                function: {
                    description?: string;
                    name: string;
                    /** @description A JSON Schema object, passed upstream as given (never compiled here). */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    strict?: boolean | null;
                };
                /**
                 * @description Only function tools; `custom` tools are refused.
                 * @enum {string}
                 */
                type: "function";
            }[];
            /** @description Refused with a 400 when given: log probabilities are not relayed */
            top_logprobs?: unknown;
            top_p?: number;
            user?: string;
            verbosity?: "low" | "medium" | "high";
            /** @description Refused with a 400 when given: web search belongs to Quarry’s search endpoints */
            web_search_options?: unknown;
        };
        /** @description An error in OpenAI's shape (the OpenAI-compatible routes only). */
        OpenAIError: {
            error: {
                /** @description A machine-readable code, e.g. `invalid_api_key` */
                code: string | null;
                message: string;
                /** @description The request field at fault, for a 400 */
                param: string | null;
                /** @description `invalid_request_error`, `insufficient_quota`, `rate_limit_exceeded` or `server_error` */
                type: string;
            };
        };
        PaginatedActivityList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=2
             */
            previous: string | null;
            results: components["schemas"]["Activity"][];
        };
        PaginatedAPIKeyListList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=2
             */
            previous: string | null;
            results: components["schemas"]["APIKeyList"][];
        };
        PaginatedLedgerEntryList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=2
             */
            previous: string | null;
            results: components["schemas"]["LedgerEntry"][];
        };
        PaginatedWebhookDeliveryList: {
            /** @example 123 */
            count: number;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=4
             */
            next: string | null;
            /**
             * Format: uri
             * @example http://api.example.org/accounts/?page=2
             */
            previous: string | null;
            results: components["schemas"]["WebhookDelivery"][];
        };
        /** @description Set a new password with the mailed uid and token (djoser `reset_password_confirm`). A token works once. */
        PasswordResetConfirm: {
            new_password: string;
            token: string;
            uid: string;
        };
        /** @description Ask for a password-reset link by mail (djoser `reset_password`). */
        PasswordResetRequest: {
            /** @description Email address of the account */
            email: string;
        };
        PatchedAPIKeyPartialUpdate: {
            /** Format: date-time */
            readonly created?: string;
            /** @description Key id (digits) */
            readonly id?: number;
            readonly is_active?: boolean;
            /** Format: date-time */
            readonly last_used?: string | null;
            /** @description A label for the key */
            name?: string;
            /** @description The first characters of the secret, to tell keys apart */
            readonly prefix?: string;
            /** @description Created with encrypted storage, so it can be revealed */
            readonly revealable?: boolean;
        };
        /** @description A credit pack on sale. */
        Plan: {
            /** @description Credits granted once the transaction is paid. */
            credits: number;
            /** @description ISO 4217 code. */
            currency: string;
            /** @description Plan id, used in PurchaseRequest. */
            id: string;
            name: string;
            /**
             * @description Decimal amount with the currency's minor digits, e.g. "9.00".
             * @example 9.00
             */
            price: string;
        };
        /** @description The plan to buy. */
        PurchaseRequest: {
            /**
             * @description A plan id from `GET /api/v1/billing/plans/`.
             * @example starter
             */
            plan: string;
        };
        ResendActivationRequest: {
            /** @description Email address */
            email: string;
        };
        /** @description The `json` format: metadata and content of the page. */
        ScrapeJson: {
            author: string | null;
            /** @description The main content as Markdown. */
            content: string;
            description: string | null;
            headings: string[];
            images: {
                alt: string;
                height: number | null;
                url: string;
                width: number | null;
            }[];
            language: string | null;
            links: {
                text: string;
                url: string;
            }[];
            published: string | null;
            site_name: string | null;
            /** @description JSON-LD objects, microdata items in JSON-LD shape, then OpenGraph properties. */
            structured_data: {
                [key: string]: unknown;
            }[];
            title: string | null;
            url: string;
        };
        ScrapeMetadata: {
            author: string | null;
            /** @enum {string} */
            cache: "hit" | "miss";
            canonical_url: string | null;
            /** @description MIME type the target declared. */
            content_type: string | null;
            description: string | null;
            /**
             * @description Whether the content needed the headless browser.
             * @enum {string}
             */
            engine: "fetch" | "browser";
            language: string | null;
            /** @description ISO 8601 date or date-time, when the page states one. */
            published: string | null;
            site_name: string | null;
            /** @description The URL as requested. */
            source_url: string;
            /** @description HTTP status the target host answered with. */
            status_code: number;
            title: string | null;
            /** @description Final URL after redirects. */
            url: string;
            /** @description What the scrape left out to stay within its limits, one sentence each (for example a JSON-LD block nested too deeply, or elements nested beyond the depth budget); empty when nothing was left out. The rest of the page is returned as usual. */
            warnings: string[];
        };
        /** @description A page to scrape and the formats wanted. */
        ScrapeRequest: {
            /** @description With the `changeTracking` format: how the page is compared with this account's last scrape of the same URL (and tag). A change-tracking scrape always fetches the page afresh; the snapshot is replaced by this scrape. */
            change_tracking?: {
                /** @description `git-diff` (the default): `diff` holds a git-style diff of the Markdown when the page changed. `json` is not available yet (400). */
                modes?: ("git-diff" | "json")[];
                /** @description For the `json` mode (not available yet). */
                prompt?: string;
                /** @description For the `json` mode (not available yet). */
                schema?: unknown;
                /** @description Keeps a separate series of snapshots under this label (for example one per schedule); default: none. */
                tag?: string;
            };
            /** @description One or several of `markdown`, `text`, `json`, `summary`, `screenshot`, `changeTracking` (at most 10 items; a repeat is ignored); only these keys appear in `data`. `summary` (and `json` with `json_options`) ask a chat model and add its tokens to the price. `screenshot` renders the page in the headless browser (priced as a rendered scrape) and answers the URL of the image. `changeTracking` compares the page's Markdown with this account's last scrape of it (see `change_tracking`). */
            formats: ("markdown" | "text" | "json" | "summary" | "screenshot" | "changeTracking")[];
            /** @description With the `json` format: a chat model extracts JSON from the page by this schema and/or prompt (one is required), instead of Quarry's structured JSON of the page. A reply that does not validate is asked for once more with the errors named; one that still fails answers 422 and charges the model's tokens, not the page. */
            json_options?: {
                /** @description What to extract, in words. */
                prompt?: string;
                /** @description A JSON Schema object (at most 32 KB as JSON) the extracted JSON must validate against. */
                schema?: unknown;
            };
            /** @description The chat model for `summary` and `json_options` (default: the default model). */
            model?: string;
            /**
             * @description `auto`: fetch, and render in a headless browser only when the page is a script shell or an anti-bot challenge; `always`: render every HTML page; `never`: fetch only.
             * @default auto
             * @enum {string}
             */
            render?: "auto" | "always" | "never";
            /** @description With the `screenshot` format: how the picture is taken. */
            screenshot_options?: {
                /**
                 * @description The image format.
                 * @default png
                 * @enum {string}
                 */
                format?: "png" | "jpeg";
                /**
                 * @description The whole scrollable page (at the viewport's width, cut at 16384 px) instead of the viewport.
                 * @default false
                 */
                full_page?: boolean;
                /** @description JPEG quality (only with `format: "jpeg"`; default 80). */
                quality?: number;
                /** @description The browser window in CSS pixels (default 1280×720); the image has this size unless `full_page`. */
                viewport?: {
                    height: number;
                    width: number;
                };
            };
            /** @description Fully qualified `http://` or `https://` URL of the page. */
            url: string;
            /**
             * @description false forces a fresh request to the target site (and refreshes the cached result).
             * @default true
             */
            use_cache?: boolean;
        };
        /** @description Shape B: one key per requested format, and the metadata. */
        ScrapeResponse: {
            data: {
                changeTracking?: components["schemas"]["ChangeTrackingResult"];
                /** @description Quarry's structured JSON of the page; with `json_options`, the JSON the model extracted (validated against the schema). */
                json?: components["schemas"]["ScrapeJson"] | unknown;
                /** @description GitHub-flavoured Markdown of the main content. */
                markdown?: string;
                metadata: components["schemas"]["ScrapeMetadata"];
                /** @description URL of the picture of the rendered page (PNG or JPEG), served without authentication under an unguessable token until `SCREENSHOT_TTL` seconds have passed. */
                screenshot?: string;
                /** @description A few paragraphs by the chat model about the page. */
                summary?: string;
                /** @description Plain text of the main content. */
                text?: string;
            };
            success: boolean;
        };
        /** @description An upstream, configuration or server failure. */
        ServerError: {
            error: string;
        };
        /** @description Login: credentials in, a refresh and an access token out (also set as HttpOnly cookies). */
        TokenObtainPair: {
            readonly access?: string;
            /** @description Email address */
            email: string;
            password: string;
            readonly refresh?: string;
        };
        /** @description Rotation: the old refresh token is blacklisted and a new pair is returned. */
        TokenRefresh: {
            readonly access?: string;
            /** @description The refresh token; may instead come in the `refresh` cookie. */
            refresh?: string;
        };
        TokenVerify: {
            token: string;
        };
        /** @description Finished metered requests (failed ones included, uncharged) and the credits they cost, from the holds and the ledger. */
        Usage: {
            /** Format: date-time */
            from: string;
            /** @enum {string} */
            group: "day" | "key" | "endpoint";
            results: {
                /** @description Credits charged */
                credits: number;
                day?: string;
                endpoint?: string | null;
                /** @description Of `requests`, the calls that failed (or whose client left) and were not charged */
                failed: number;
                key_id?: number | null;
                /** @description Finished metered calls, charged or not */
                requests: number;
            }[];
            /** Format: date-time */
            to: string;
            total: {
                credits: number;
                failed: number;
                requests: number;
            };
        };
        User: {
            credits_remaining: number;
            /** Format: date-time */
            date_joined: string;
            email: string;
            id: number;
            is_active: boolean;
        };
        /** @description Registration (djoser). The new account is inactive until activated. The answer carries the email only, the same for a new and a taken address. */
        UserCreate: {
            /** Format: email */
            email: string;
            password: string;
        };
        /** @description One event sent (or being sent) to a webhook; never its body or headers. */
        WebhookDelivery: {
            readonly attempts: number;
            /** Format: date-time */
            readonly created: string;
            /** Format: date-time */
            readonly delivered_at: string | null;
            /** @description e.g. `crawl.page` */
            readonly event: string;
            /** @description The receiver's host (the rest of its URL is not shown) */
            readonly host: string;
            /**
             * Format: uuid
             * @description The delivery id (`X-Quarry-Delivery`), the same on every attempt
             */
            readonly id: string;
            readonly last_error: string | null;
            /** @description What the receiver answered last; null when it could not be reached */
            readonly last_status_code: number | null;
            /**
             * Format: date-time
             * @description When a pending delivery is tried next
             */
            readonly next_attempt_at: string | null;
            readonly status: "pending" | "delivered" | "failed";
        };
        /** @description Acknowledgement of a verified provider notification. */
        WebhookReceipt: {
            /** @enum {string} */
            outcome: "granted" | "already_granted" | "ignored";
            received: boolean;
        };
        WebhookSecret: {
            /** @description The account's signing secret, `whsec_…`: the HMAC-SHA256 key of `X-Quarry-Signature` (over `<timestamp>.<body>`) and `X-Firecrawl-Signature` (over the body). */
            readonly secret: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
