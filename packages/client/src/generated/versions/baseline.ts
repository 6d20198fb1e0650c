// GENERATED FILE: do not edit. It is rewritten by `pnpm generate` (scripts/generate.ts) in
// packages/client from the baseline document of @mediagen/schema (openapi/versions/baseline.json), and a test fails when it drifts.
// Types of the API as of version baseline (paths, components, operations).
export interface paths {
    "/pub/v1/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List generations
         * @description The caller’s generations, newest first, filtered by generation id, media id or status.
         */
        get: operations["listGenerations"];
        put?: never;
        /**
         * Generate media
         * @description Creates media from a JSON array of generation items and returns the generation id used to track them. Spends credits; never retried automatically.
         */
        post: operations["generateMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/generations/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Estimate a generation
         * @description The credit cost of a would-be generation (same body as generate) and the current balance. Spends nothing.
         */
        post: operations["estimateGeneration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/generations/{generation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a generation
         * @description One generation with the status of each of its media.
         */
        get: operations["getGeneration"];
        put?: never;
        post?: never;
        /**
         * Delete a generation
         * @description Deletes a generation and all of its media.
         */
        delete: operations["deleteGeneration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/generations/media/{media_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a media item
         * @description One media item with its status, type, dimensions and (on success) URL.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        /**
         * Delete a media item
         * @description Deletes one media item; the other media of the same generation are kept.
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/generations/{generation_id}/images/{image_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an image (deprecated)
         * @deprecated
         * @description Deprecated: use deleteMedia. Deletes one image of a batch and keeps the rest.
         */
        delete: operations["deleteImage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/generations/{generation_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Generation status (deprecated)
         * @deprecated
         * @description Deprecated: use getGeneration. The status of each image of a generation.
         */
        get: operations["getGenerationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/generations/{generation_id}/images/{image_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Image status (deprecated)
         * @deprecated
         * @description Deprecated: use getMedia. The status of one image.
         */
        get: operations["getImageStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List models
         * @description Lists the available models.
         */
        get: operations["listModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/styles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List styles
         * @description Lists the available styles.
         */
        get: operations["listStyles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/controlnets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List control nets
         * @description Lists the available control nets.
         */
        get: operations["listControlnets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/loras": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List LoRAs
         * @description Lists the available LoRAs.
         */
        get: operations["listLoras"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List voices
         * @description Lists the available voices.
         */
        get: operations["listVoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/characters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List characters
         * @description The caller’s characters (and system characters).
         */
        get: operations["listCharacters"];
        put?: never;
        /**
         * Create a character
         * @description Creates a uniquely named character from a face image asset; use its name in prompts.
         */
        post: operations["createCharacter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/assets/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an asset (v1)
         * @description Reserves an image asset and returns a presigned `upload_url` to send the bytes to.
         */
        post: operations["uploadAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v1/assets/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive assets
         * @description Archives (deletes) assets by id.
         */
        post: operations["archiveAssets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v2/assets/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an asset (v2)
         * @description Reserves an image, video (mp4, webm) or audio (mp3) asset and returns a presigned `upload_url`.
         */
        post: operations["uploadAssetV2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v2/assets/{asset_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an asset (v2)
         * @description Size, type, status, URL, and for videos and audio duration (and frames for videos).
         */
        get: operations["getAssetV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pub/v2/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assets (v2)
         * @description All uploaded assets, paginated.
         */
        get: operations["listAssetsV2"];
        put?: never;
        post?: never;
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
        GenerationResultEnvelope: {
            data: components["schemas"]["GenerationResult"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        /** @description What a generation request returns: the generation id, the remaining credits and the media being made. */
        GenerationResult: {
            /** @example gen_01 */
            generation_id: string;
            /** @example 20 */
            credits_remaining: number;
            images: components["schemas"]["GeneratedMedia"][];
        };
        /** @description A media item as the generate response lists it, before it has been produced. */
        GeneratedMedia: {
            /** @example media_01 */
            id: string;
            image_size: components["schemas"]["Dim"];
            status: components["schemas"]["MediaStatus"];
            /** @example JuggernautXL */
            model?: string;
            /** @example Bokeh */
            style?: string;
        };
        /** @description Pixel dimensions of a media item or asset. */
        Dim: {
            /** @example 512 */
            height: number;
            /** @example 512 */
            width: number;
        };
        /**
         * @example success
         * @enum {string}
         */
        MediaStatus: "initiated" | "pending" | "success" | "failed" | "censored";
        /** @description Empty object on success; the archive example fills it. */
        ErrOrEmpty: Record<string, never> | components["schemas"]["ApiError"];
        /** @description The error object of a failed request. */
        ApiError: {
            /** @example error_code */
            code: string;
            /** @example error_message */
            message: string;
        };
        /** @description The envelope of a failed request: `err` holds `{ code, message }`. */
        ErrorEnvelope: {
            data?: unknown;
            err: components["schemas"]["ApiError"];
        };
        /** @description A JSON array of generation items; even one job is sent as `[ { … } ]`. */
        GenerationRequest: components["schemas"]["GenerationItem"][];
        /** @description One generation. It should name one kind (the fields that say they are a kind of generation); if it names several, the kind of the lowest rank wins. Fields the chosen kind ignores, and an item that names no kind, are reported as warnings by `checkGenerationRequest`. */
        GenerationItem: {
            aspect_ratio?: components["schemas"]["AspectRatio"];
            /** @example 1 */
            batch_size?: number;
            /** @example 7 */
            cfg_scale?: number;
            character?: components["schemas"]["CharacterSettings"];
            control_net?: components["schemas"]["ControlNet"];
            facelock?: components["schemas"]["Facelock"];
            loras?: components["schemas"]["LoraRef"][];
            /**
             * @description A kind of generation, of rank 3: with several kinds, the lowest rank wins.
             * @example JuggernautXL
             */
            model?: string;
            prompt?: components["schemas"]["Prompt"];
            quality?: components["schemas"]["Quality"];
            sampler?: components["schemas"]["Sampler"];
            /** @example 1234 */
            seed?: number;
            segment?: components["schemas"]["Segment"];
            /** @example 20 */
            steps?: number;
            /**
             * @description A kind of generation, of rank 2: with several kinds, the lowest rank wins.
             * @example Bokeh
             */
            style?: string;
            true_touch?: components["schemas"]["TrueTouch"];
        };
        /**
         * @example 1:1
         * @enum {string}
         */
        AspectRatio: "1:1" | "2:3" | "3:2" | "4:5" | "16:9" | "9:16";
        /** @description Character-based generation. */
        CharacterSettings: {
            /** @example chr_01 */
            character_id: string;
            /** @example 0.6 */
            weight?: number;
            /** @example true */
            enable_facelock?: boolean;
        };
        /** @description Pose control. */
        ControlNet: {
            /** @example ast_01 */
            asset_id: string;
            /** @example Normal */
            name: string;
            /** @example 0 */
            control_mode?: number;
            /** @example 0 */
            resize_mode?: number;
        };
        Facelock: {
            /** @example ast_01 */
            asset_id: string;
        };
        LoraRef: {
            /** @example lora_name */
            name: string;
            /** @example 0.5 */
            weight: number;
        };
        /** @description The prompt. With a character, write the character name in `positive`. */
        Prompt: {
            /** @example a man looking into the camera */
            positive: string;
            /** @example nsfw, deformed, extra limbs, bad anatomy */
            negative?: string;
        };
        /**
         * @description Case sensitive.
         * @example Plus
         * @enum {string}
         */
        Quality: "Plus" | "Regular";
        /**
         * @description Case sensitive.
         * @example DPM++ 2M Karras
         * @enum {string}
         */
        Sampler: "DPM++ 2M Karras" | "DPM++ 2M SDE Karras" | "DPM++ 2S a Karras" | "DPM++ SDE" | "DPM++ SDE Karras" | "Euler a";
        /** @description Find-and-replace editing of an uploaded image. A kind of generation, of rank 1: with several kinds, the lowest rank wins. */
        Segment: {
            /** @example ast_01 */
            asset_id: string;
            /** @example red shirt */
            find: string;
            /** @example blue shirt */
            replace: string;
        };
        /** @description Enhances and upscales the uploaded image `asset_id`. A kind of generation, of rank 4: with several kinds, the lowest rank wins. */
        TrueTouch: {
            /** @example ast_01 */
            asset_id: string;
            /** @example 0.5 */
            enhance_strength?: number;
            /** @example 1.5 */
            scale_factor?: number;
        };
        EstimateEnvelope: {
            data: components["schemas"]["Estimate"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        /** @description The credit cost of a would-be generation and the current balance. */
        Estimate: {
            /** @example 5 */
            estimated: number;
            /** @example 20 */
            balance: number;
        };
        GenerationPage: {
            data: components["schemas"]["Generation"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        /** @description A generation (a batch of media) as get and list return it. */
        Generation: {
            /** @example gen_01 */
            generation_id: string;
            /**
             * @description Unix time in seconds.
             * @example 1675732000
             */
            created_at: number;
            images: components["schemas"]["Media"][];
        };
        /** @description One media item of a generation. */
        Media: {
            /** @example media_01 */
            id: string;
            size: components["schemas"]["Dim"];
            status: components["schemas"]["MediaStatus"];
            /** @example object-url */
            url?: string;
        };
        Pagination: {
            /** @example 1 */
            page: number;
            /** @example 10 */
            page_size: number;
            /** @example 100 */
            total: number;
        };
        GenerationEnvelope: {
            data: components["schemas"]["Generation"];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        MediaEnvelope: {
            data: components["schemas"]["Media"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        DeletedGenerationEnvelope: {
            data: components["schemas"]["DeletedId"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        DeletedId: {
            /** @example gen_01 */
            id: string;
        };
        DeletedMediaEnvelope: {
            data: components["schemas"]["DeletedId"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        DeletedImageEnvelope: {
            data: components["schemas"]["DeletedImage"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        /** @description Answer of the deprecated delete image operation (no example is documented). */
        DeletedImage: {
            /** @example img_01 */
            id?: string;
        };
        ImageStatusListEnvelope: {
            data: components["schemas"]["ImageStatus"][];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        ImageStatus: {
            /** @example img_01 */
            image_id: string;
            /**
             * @example success
             * @enum {string}
             */
            status: "pending" | "success" | "failed" | "censored";
        };
        ImageStatusEnvelope: {
            data: components["schemas"]["ImageStatus"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        ModelPage: {
            data: components["schemas"]["Model"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        Model: {
            /** @example JuggernautXL */
            name: string;
            /** @example sdxl */
            base_model: string;
        };
        StylePage: {
            data: components["schemas"]["Style"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        Style: {
            /** @example Bokeh */
            name: string;
            /** @example sdxl */
            base_model: string;
        };
        ControlnetPage: {
            data: components["schemas"]["Controlnet"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        Controlnet: {
            /** @example Canny */
            name: string;
            /** @example sdxl */
            base_model: string;
        };
        LoraPage: {
            data: components["schemas"]["Lora"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        Lora: {
            /** @example lora_name */
            name: string;
            /** @example sdxl */
            base_model: string;
        };
        VoicePage: {
            data: components["schemas"]["Voice"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        Voice: {
            /** @example Rachel */
            name: string;
        };
        CharacterEnvelope: {
            data: components["schemas"]["Character"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        Character: {
            /** @example character_001 */
            id: string;
            /** @example character_01 */
            name: string;
            character_type: components["schemas"]["CharacterType"];
            /** @example a female, european, 25 years old, slim */
            prompt: string;
            /** @example https://redernet-image-data.s3.amazonaws.com/input_images/ast_123abc.png */
            input_image?: string;
            /** @example false */
            system_character?: boolean;
        };
        /**
         * @example realistic
         * @enum {string}
         */
        CharacterType: "realistic" | "stylized";
        /** @description A new character from a face image asset. */
        CreateCharacterRequest: {
            /** @example ast_123abc */
            asset_id: string;
            character_type: components["schemas"]["CharacterType"];
            /** @example character_01 */
            name: string;
            /** @example a female, european, 25 years old, slim */
            prompt: string;
        };
        CharacterPage: {
            data: components["schemas"]["Character"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
        UploadSlotV1Envelope: {
            data: components["schemas"]["UploadSlotV1"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        UploadSlotV1: {
            asset: components["schemas"]["AssetV1"];
            /** @example https://s3-presigned-url */
            upload_url: string;
        };
        AssetV1: {
            /** @example ast_xxxxxxxx */
            id: string;
            data: components["schemas"]["AssetFile"];
            status: components["schemas"]["AssetStatus"];
            /**
             * @example [
             *       "api"
             *     ]
             */
            tags: string[];
            type: components["schemas"]["AssetType"];
        };
        AssetFile: {
            size: components["schemas"]["Dim"];
            /** @example https://s3-asset-url */
            url: string;
        };
        /**
         * @description Seen: `pending` (after upload), `archive` (after archiving); clients also report `active`, `failed`.
         * @example pending
         */
        AssetStatus: string;
        /**
         * @example image
         * @enum {string}
         */
        AssetType: "image" | "video" | "audio";
        /** @description The approximate size of the file about to be uploaded. */
        UploadAssetRequest: {
            size: components["schemas"]["SizeInput"];
        };
        /** @description Approximate pixel size of the file about to be uploaded. */
        SizeInput: {
            /** @example 512 */
            height: number;
            /** @example 512 */
            width: number;
        };
        ArchivedAssetsEnvelope: {
            data: components["schemas"]["AssetV1"][];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        ArchiveAssetsRequest: {
            /**
             * @example [
             *       "ast_01"
             *     ]
             */
            ids: string[];
        };
        UploadSlotV2Envelope: {
            data: components["schemas"]["UploadSlotV2"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        UploadSlotV2: {
            /** @example ast_xxxxxxxx */
            id: string;
            type: components["schemas"]["AssetType"];
            size: components["schemas"]["Dim"];
            /** @example https://s3-asset-url */
            url: string;
            /** @example https://s3-presigned-url */
            upload_url: string;
        };
        AssetV2Envelope: {
            data: components["schemas"]["AssetV2"];
            err?: components["schemas"]["ErrOrEmpty"];
        };
        /** @description An uploaded asset as v2 describes it. */
        AssetV2: {
            /** @example ast_xxxxxxxx */
            id: string;
            type: components["schemas"]["AssetType"];
            status: components["schemas"]["AssetStatus"];
            size: components["schemas"]["Dim"];
            /** @example https://s3-asset-url */
            url: string;
            /** @example 5 */
            duration?: number;
            /** @example 150 */
            frames?: number;
        };
        AssetV2Page: {
            data: components["schemas"]["AssetV2"][];
            err?: components["schemas"]["ErrOrEmpty"];
            pagination?: components["schemas"]["Pagination"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listGenerations: {
        parameters: {
            query?: {
                /** @example success */
                status?: "success" | "failed";
                /** @example media_01 */
                image_id?: string;
                /** @example gen_01 */
                generation_id?: string;
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A list of feed items. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerationPage"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    generateMedia: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerationRequest"];
            };
        };
        responses: {
            /** @description The generation was accepted; its media are `initiated`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerationResultEnvelope"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not enough credits for this request. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    estimateGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerationRequest"];
            };
        };
        responses: {
            /** @description The estimate. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EstimateEnvelope"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not enough credits for this request. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example gen_01 */
                generation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Details of a generation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerationEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example gen_01 */
                generation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The id of the deleted generation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedGenerationEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example media_01 */
                media_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Details of a media generation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example media_01 */
                media_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The id of the deleted media. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedMediaEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example gen_01 */
                generation_id: string;
                /** @example img_01 */
                image_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedImageEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getGenerationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example gen_01 */
                generation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A list of statuses of the images. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageStatusListEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getImageStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example gen_01 */
                generation_id: string;
                /** @example img_01 */
                image_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status of the image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageStatusEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listModels: {
        parameters: {
            query?: {
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The available models. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPage"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStyles: {
        parameters: {
            query?: {
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The available styles. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StylePage"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listControlnets: {
        parameters: {
            query?: {
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The available control nets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ControlnetPage"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listLoras: {
        parameters: {
            query?: {
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The available LoRAs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoraPage"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listVoices: {
        parameters: {
            query?: {
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The available voices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoicePage"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCharacters: {
        parameters: {
            query?: {
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The characters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterPage"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCharacter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCharacterRequest"];
            };
        };
        responses: {
            /** @description Successful response for created character. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterEnvelope"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadAsset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadAssetRequest"];
            };
        };
        responses: {
            /** @description The asset and the upload URL. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSlotV1Envelope"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    archiveAssets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArchiveAssetsRequest"];
            };
        };
        responses: {
            /** @description A list of deleted assets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchivedAssetsEnvelope"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadAssetV2: {
        parameters: {
            query?: {
                /** @example image */
                type?: components["schemas"]["AssetType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadAssetRequest"];
            };
        };
        responses: {
            /** @description The asset and the upload URL. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSlotV2Envelope"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAssetV2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ast_01 */
                asset_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetV2Envelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAssetsV2: {
        parameters: {
            query?: {
                /** @example 1 */
                page?: number;
                /** @example 10 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetV2Page"];
                };
            };
            /** @description The request is malformed, or breaks a rule of the contract (see 422). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The X-API-KEY header is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request breaks a rule of the contract (some servers answer 400 for it). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; retry after the time in Retry-After. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service is unavailable for a while. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request was refused (any client-error status); `err` says why. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The service failed (any server-error status); `err` says why. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
