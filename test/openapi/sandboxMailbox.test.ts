/**
 * The sandbox mailbox's three endpoints in the OpenAPI documents (issue #23): in every version (the
 * routes check no version; `/projects/{account}/…` in the legacy one), a page with `meta`, mails
 * without `content`, and the attachment as a file with its `Content-Disposition`.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/openApiDocument.js';
import { API_VERSIONS, type ApiVersion } from '../../src/versions/apiVersion.js';
import { LEGACY_API_VERSION } from '../../src/versions/resolveVersion.js';

// biome-ignore lint/suspicious/noExplicitAny: the documents are arbitrary JSON
type Json = any;

const at = (version: ApiVersion, path: string): string =>
  version === LEGACY_API_VERSION ? path.replace(/^\/accounts\/\{account\}/, '/projects/{account}') : path;

describe('the sandbox mailbox in the OpenAPI documents', () => {
  it.each(API_VERSIONS)('%s: list, mail and attachment, at the version’s own paths', (version) => {
    const document: Json = openApiDocument(version);
    const operation = (path: string): Json => document.paths[at(version, path)]?.get;
    expect(operation('/accounts/{account}/sandbox_mailbox')?.operationId).toBe('listSandboxMailbox');
    expect(operation('/sandbox_mailbox/{id}')?.operationId).toBe('getSandboxMail');
    expect(operation('/sandbox_mailbox/{id}/attachment')?.operationId).toBe('downloadSandboxMailAttachment');

    const list = operation('/accounts/{account}/sandbox_mailbox').responses['200'].content[
      'application/json'
    ];
    expect(list.schema.required).toEqual(['sandbox_mailbox', 'meta']);
    expect(list.schema.properties.meta).toEqual({ $ref: '#/components/schemas/ListMeta' });
    const mail = document.components.schemas.SandboxMail;
    expect(mail.properties).not.toHaveProperty('content');
    expect(mail.required).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'text', 'message_id', 'sha256', 'size', 'media_type']),
    );
    const one = operation('/sandbox_mailbox/{id}').responses['200'].content['application/json'];
    expect(one.schema.required).toEqual(['sandbox_mail']);
    const file = operation('/sandbox_mailbox/{id}/attachment').responses['200'];
    expect(Object.keys(file.content).sort()).toEqual(['application/pdf', 'application/xml']);
    expect(file.headers).toHaveProperty('Content-Disposition');
  });
});
