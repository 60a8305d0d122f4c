#ifndef TASKER_CXML_SHIM_H
#define TASKER_CXML_SHIM_H
// XML read with libxml2's pull reader (xmlTextReader), opened at first use (xml.c): CalDAV's 207
// Multi-Status answers are the only XML Tasker reads. Plain C types only, so neither Swift nor this
// header needs libxml2's include path. Foundation's XMLParser would link libxml2 and, through it,
// ICU 72, zlib and liblzma into every start (about a millisecond each run; README, "Start-up").

/// A reader over one document in memory.
typedef struct cxml_reader cxml_reader;

/// A reader over the `size` bytes at `bytes`, which must stay valid until cxml_reader_close. It never
/// touches the network or loads a DTD, does not expand entities a document declares, reads CDATA
/// as text and prints nothing. NULL when libxml2 cannot start one (the document is empty or too large).
cxml_reader *cxml_reader_open(const char *bytes, int size);
/// Moves to the next node: 1 when there is one, 0 at the end of the document, -1 when the document
/// is not well-formed (cxml_reader_error says where and why).
int cxml_reader_next(cxml_reader *reader);
/// The current node's kind: 1 element, 3 text (CDATA too), 13 and 14 white space, 15 end of element;
/// other kinds (comments, processing instructions, …) are for skipping.
int cxml_reader_kind(const cxml_reader *reader);
/// The current element's name without its namespace prefix ("response" for <d:response>).
const char *cxml_reader_local_name(const cxml_reader *reader);
/// The current text node's characters, entities and character references already decoded.
const char *cxml_reader_text(const cxml_reader *reader);
/// 1 when the current element is written empty (<comp name="VTODO"/>): no end-of-element node follows.
int cxml_reader_is_empty_element(const cxml_reader *reader);
/// The current element's attribute `name` (not namespaced), or NULL; valid until the next call.
const char *cxml_reader_attribute(cxml_reader *reader, const char *name);
/// libxml2's first complaint about the document ("line 3: Opening and ending tag mismatch: …"), or NULL.
const char *cxml_reader_error(const cxml_reader *reader);
/// Frees the reader (not the bytes).
void cxml_reader_close(cxml_reader *reader);

#endif
