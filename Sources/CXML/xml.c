// libxml2's pull reader opened at first use (see lazy_load.h). The few declarations used are written
// out from its stable ABI (libxml/xmlreader.h, parser.h, xmlerror.h in libxml2 2.9) so that no
// libxml2 include path is needed: a SwiftPM C target cannot ask pkg-config for one.
#include "shim.h"
#include "lazy_load.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct _xmlTextReader *xmlTextReaderPtr;
// The leading fields of struct _xmlError, which libxml2 hands to a structured error handler.
typedef struct { int domain; int code; char *message; int level; char *file; int line; } xmlErrorPrefix;
typedef void (*xmlStructuredErrorFunc)(void *context, xmlErrorPrefix *error);

xmlTextReaderPtr xmlReaderForMemory(const char *buffer, int size, const char *url, const char *encoding, int options);
int xmlTextReaderRead(xmlTextReaderPtr reader);
int xmlTextReaderNodeType(xmlTextReaderPtr reader);
const unsigned char *xmlTextReaderConstLocalName(xmlTextReaderPtr reader);
const unsigned char *xmlTextReaderConstValue(xmlTextReaderPtr reader);
int xmlTextReaderIsEmptyElement(xmlTextReaderPtr reader);
int xmlTextReaderMoveToAttribute(xmlTextReaderPtr reader, const unsigned char *name);
int xmlTextReaderMoveToElement(xmlTextReaderPtr reader);
void xmlTextReaderSetStructuredErrorHandler(xmlTextReaderPtr reader, xmlStructuredErrorFunc handler, void *context);
void xmlFreeTextReader(xmlTextReaderPtr reader);
void xmlInitParser(void);

enum {
    XML_PARSE_NOERROR = 1 << 5,    // no error reports on stderr
    XML_PARSE_NOWARNING = 1 << 6,  // no warnings either
    XML_PARSE_NONET = 1 << 11,     // never fetch anything over the network
    XML_PARSE_NOCDATA = 1 << 14,   // CDATA sections read as text
};

static struct lazy_library libxml2 = LAZY_LIBRARY("libxml2.so.2", "libxml2");

LAZY_FUNCTION(libxml2, xmlTextReaderPtr, xmlReaderForMemory, (const char *a0, int a1, const char *a2, const char *a3, int a4), (a0, a1, a2, a3, a4))
LAZY_FUNCTION(libxml2, int, xmlTextReaderRead, (xmlTextReaderPtr a0), (a0))
LAZY_FUNCTION(libxml2, int, xmlTextReaderNodeType, (xmlTextReaderPtr a0), (a0))
LAZY_FUNCTION(libxml2, const unsigned char *, xmlTextReaderConstLocalName, (xmlTextReaderPtr a0), (a0))
LAZY_FUNCTION(libxml2, const unsigned char *, xmlTextReaderConstValue, (xmlTextReaderPtr a0), (a0))
LAZY_FUNCTION(libxml2, int, xmlTextReaderIsEmptyElement, (xmlTextReaderPtr a0), (a0))
LAZY_FUNCTION(libxml2, int, xmlTextReaderMoveToAttribute, (xmlTextReaderPtr a0, const unsigned char *a1), (a0, a1))
LAZY_FUNCTION(libxml2, int, xmlTextReaderMoveToElement, (xmlTextReaderPtr a0), (a0))
LAZY_FUNCTION(libxml2, void, xmlTextReaderSetStructuredErrorHandler, (xmlTextReaderPtr a0, xmlStructuredErrorFunc a1, void *a2), (a0, a1, a2))
LAZY_FUNCTION(libxml2, void, xmlFreeTextReader, (xmlTextReaderPtr a0), (a0))
LAZY_FUNCTION(libxml2, void, xmlInitParser, (void), ())

struct cxml_reader {
    xmlTextReaderPtr reader;
    char error[300];
};

// libxml2 asks for its global set-up once, before threads use it (sync reads XML on a background thread).
static pthread_once_t initialized = PTHREAD_ONCE_INIT;
static void initialize(void) { xmlInitParser(); }

// Keeps the first error of the document, with its line, in the reader.
static void keep_error(void *context, xmlErrorPrefix *error) {
    struct cxml_reader *reader = context;
    if (reader->error[0] || !error || error->level < 2 /* XML_ERR_ERROR */) return;
    const char *message = error->message ? error->message : "not well-formed";
    size_t length = strcspn(message, "\n");  // libxml2 ends its messages with a newline
    snprintf(reader->error, sizeof reader->error, "line %d: %.*s", error->line, (int)length, message);
}

cxml_reader *cxml_reader_open(const char *bytes, int size) {
    if (size <= 0) return NULL;
    pthread_once(&initialized, initialize);
    struct cxml_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->reader = xmlReaderForMemory(bytes, size, NULL, NULL,
                                        XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!reader->reader) { free(reader); return NULL; }
    xmlTextReaderSetStructuredErrorHandler(reader->reader, keep_error, reader);
    return reader;
}

int cxml_reader_next(cxml_reader *reader) {
    int status = xmlTextReaderRead(reader->reader);
    return status < 0 ? -1 : status;
}

int cxml_reader_kind(const cxml_reader *reader) { return xmlTextReaderNodeType(reader->reader); }

const char *cxml_reader_local_name(const cxml_reader *reader) {
    const unsigned char *name = xmlTextReaderConstLocalName(reader->reader);
    return name ? (const char *)name : "";
}

const char *cxml_reader_text(const cxml_reader *reader) {
    const unsigned char *text = xmlTextReaderConstValue(reader->reader);
    return text ? (const char *)text : "";
}

int cxml_reader_is_empty_element(const cxml_reader *reader) { return xmlTextReaderIsEmptyElement(reader->reader) == 1; }

const char *cxml_reader_attribute(cxml_reader *reader, const char *name) {
    if (xmlTextReaderMoveToAttribute(reader->reader, (const unsigned char *)name) != 1) return NULL;
    const unsigned char *value = xmlTextReaderConstValue(reader->reader);
    xmlTextReaderMoveToElement(reader->reader);  // the value stays valid: it belongs to the attribute node
    return (const char *)value;
}

const char *cxml_reader_error(const cxml_reader *reader) { return reader->error[0] ? reader->error : NULL; }

void cxml_reader_close(cxml_reader *reader) {
    if (!reader) return;
    xmlFreeTextReader(reader->reader);
    free(reader);
}
