// Nothing of jemalloc is called: the module only links the library, whose malloc and free
// then serve the whole process. (<jemalloc/jemalloc.h> would declare malloc and free over
// glibc's, so it is not included.)
