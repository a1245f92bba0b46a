# The race-predictor workbench.  Every program is discovered from the layout:
#   predictors/NAME/*.c  -> bin/rp-NAME   (links predictors/common only)
#   tools/NAME/*.c       -> bin/rp-NAME   (trace utilities; link predictors/common only)
#   harness/NAME/*.c     -> bin/rp-NAME   (links harness/lib and predictors/common/base
#                                          only; never a predictor)
#   harness/rp/*.c       -> bin/rp        (the git-style front door)
#   scripts/fuzz         -> bin/rp-fuzz   (a wrapper: the fuzzer stays in the source tree)
# so a new predictor is a new directory and nothing here changes.

BUILD    ?= build
BIN      := $(BUILD)/bin
OBJ      := $(BUILD)/obj
CC       ?= cc
OPT      ?= -O2 -g
SAN      ?=
comma    := ,
SANFLAGS := $(if $(SAN),-fsanitize=address$(comma)undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
VERSION  := 0.1.0
CFLAGS   += -std=c11 -pthread -D_GNU_SOURCE -Wall -Wextra -Werror $(OPT) $(SANFLAGS) -MMD -MP \
            -DRP_VERSION='"$(VERSION)"'
LDFLAGS  += -pthread $(SANFLAGS)
LDLIBS   += -lcsv -lm -llzma -lz -lzstd

COMMON_SRC := $(wildcard predictors/common/*/*.c)
COMMON_LIB := $(BUILD)/libcommon.a
HLIB_SRC   := $(wildcard harness/lib/*.c)
HLIB       := $(BUILD)/libharness.a
# The base room of predictors/common, the one code the harness shares with
# the predictors (docs/design.md): the harness links it alone.
BASE_SRC   := $(wildcard predictors/common/base/*.c)
BASE_LIB   := $(BUILD)/libbase.a

PRED_DIRS    := $(filter-out predictors/common,$(sort $(patsubst %/,%,$(dir $(wildcard predictors/*/*.c)))))
TOOL_DIRS    := $(sort $(patsubst %/,%,$(dir $(wildcard tools/*/*.c))))
HARNESS_DIRS := $(filter-out harness/lib harness/rp,$(sort $(patsubst %/,%,$(dir $(wildcard harness/*/*.c)))))
COMMON_PROGS := $(sort $(foreach d,$(PRED_DIRS) $(TOOL_DIRS),$(BIN)/rp-$(notdir $(d))))
HARNESS_PROGS := $(sort $(foreach d,$(HARNESS_DIRS),$(BIN)/rp-$(notdir $(d))))
FRONT_DOOR   := $(if $(wildcard harness/rp/*.c),$(BIN)/rp)
SCRIPT_PROGS := $(BIN)/rp-fuzz
PROGRAMS     := $(COMMON_PROGS) $(HARNESS_PROGS) $(FRONT_DOOR) $(SCRIPT_PROGS)

UNIT_COMMON  := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/common_*.c))
UNIT_HARNESS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/harness_*.c))
UNIT_RECORD  := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/record_*.c))
UNIT_SEQCHECK := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/seqcheck_*.c))
UNIT_TESTS   := $(UNIT_COMMON) $(UNIT_HARNESS) $(UNIT_RECORD) $(UNIT_SEQCHECK)

.PHONY: all test check demo bench fuzz deps clean install
all: $(PROGRAMS)

# Each layer sees only its own headers: the harness and its unit tests
# harness/lib and the base ("base/diag.h"), everything else (predictors,
# tools, the common unit tests) predictors/common (and rp record's,
# tools/record too).  tests/e2e/layering.sh checks the includes themselves.
include_path = $(if $(filter harness/% tests/unit/harness_%,$(1)),-Iharness/lib) -Ipredictors/common$(if \
  $(filter tests/unit/record_%,$(1)), -Itools/record)$(if \
  $(filter tests/unit/seqcheck_%,$(1)), -Ipredictors/seqcheck)
# A program's sources (predictors/NAME, tools/NAME) are compiled with
# RP_TOOL_NAME="NAME", the name it prints: a copied directory names its copy.
program_dir = $(filter $(PRED_DIRS) $(TOOL_DIRS),$(patsubst %/,%,$(dir $(1))))
tool_name = $(if $(program_dir),-DRP_TOOL_NAME='"$(notdir $(program_dir))"')

$(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(call include_path,$<) $(call tool_name,$<) -c -o $@ $<

$(COMMON_LIB): $(COMMON_SRC:%.c=$(OBJ)/%.o)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(HLIB): $(HLIB_SRC:%.c=$(OBJ)/%.o)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(BASE_LIB): $(BASE_SRC:%.c=$(OBJ)/%.o)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

# The recording runtime (recorder/runtime, docs/record.md) runs inside the
# programs `rp cc` builds: a static library built apart, position-independent
# and never under the sanitizers, seeing predictors/common's headers only for
# the raw event file's layout.  gcc asks for -ltsan and libtsan_preinit.o
# whenever -fsanitize=thread is on its link line: rp cc points it at the empty
# stand-ins in lib/rp/gcc-stub so that the sanitizer's own runtime stays out.
# rp cc finds them in lib/rp beside its bin directory, here and installed.
RT_SRC    := $(wildcard recorder/runtime/*.c)
RT_OBJ    := $(BUILD)/rtobj
RT_DIR    := $(BUILD)/lib/rp
RT_LIB    := $(RT_DIR)/librprecord.a
RT_STUB   := $(RT_DIR)/gcc-stub
RECORDER  := $(RT_LIB) $(RT_STUB)/libtsan.a $(RT_STUB)/libtsan_preinit.o
RT_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -g -fPIC -MMD -MP \
             -Ipredictors/common

$(RT_OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(RT_CFLAGS) -c -o $@ $<
$(RT_LIB): $(RT_SRC:%.c=$(RT_OBJ)/%.o)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(RT_STUB)/libtsan.a:
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rc $@
$(RT_STUB)/libtsan_preinit.o:
	@mkdir -p $(@D)
	$(CC) -fPIC -c -x c /dev/null -o $@
all: $(RECORDER)
# rp record names locations and variables with elfutils' libdw.
$(BIN)/rp-record: LDLIBS += -ldw -lelf

# One link rule per program directory.
define common_program
$(BIN)/rp-$(notdir $(1)): $(patsubst %.c,$(OBJ)/%.o,$(wildcard $(1)/*.c)) $(COMMON_LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
endef
define harness_program
$(1): $(patsubst %.c,$(OBJ)/%.o,$(wildcard $(2)/*.c)) $(HLIB) $(BASE_LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
endef
$(foreach d,$(PRED_DIRS) $(TOOL_DIRS),$(eval $(call common_program,$(d))))
$(foreach d,$(HARNESS_DIRS),$(eval $(call harness_program,$(BIN)/rp-$(notdir $(d)),$(d))))
$(if $(FRONT_DOOR),$(eval $(call harness_program,$(BIN)/rp,harness/rp)))

# rp fuzz runs scripts/fuzz of this source tree (the claims live in
# predictors/*/claims) with the programs beside the wrapper, wherever it is
# installed.
$(BIN)/rp-fuzz: scripts/fuzz
	@mkdir -p $(@D)
	printf '#!/bin/sh\n# rp fuzz: the soundness fuzzer of %s\nhere=$$(dirname "$$(readlink -f "$$0")")\nRP_BIN=$${RP_BIN:-$$here} exec %s "$$@"\n' \
	  '$(CURDIR)' '$(CURDIR)/scripts/fuzz' > $@
	chmod +x $@

# make install PREFIX=DIR: the programs into DIR/bin (rp finds rp-NAME beside
# itself, so DIR/bin on PATH is enough), the recording runtime into DIR/lib/rp.
PREFIX ?= /usr/local
install: $(PROGRAMS) $(RECORDER)
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib
	cp $(PROGRAMS) $(DESTDIR)$(PREFIX)/bin/
	cp -r $(RT_DIR) $(DESTDIR)$(PREFIX)/lib/

$(BUILD)/tests/common_%: $(OBJ)/tests/unit/common_%.o $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lcmocka
# rp record's unit tests (tests/unit/record_NAME.c) link tools/record/NAME.c.
$(BUILD)/tests/record_%: $(OBJ)/tests/unit/record_%.o $(OBJ)/tools/record/%.o $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lcmocka
# SeqCheck's unit tests (tests/unit/seqcheck_NAME.c) link predictors/seqcheck/NAME.c.
$(BUILD)/tests/seqcheck_%: $(OBJ)/tests/unit/seqcheck_%.o $(OBJ)/predictors/seqcheck/%.o $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lcmocka
$(BUILD)/tests/harness_%: $(OBJ)/tests/unit/harness_%.o $(HLIB) $(BASE_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lcmocka

# `make check` runs the suite once against $(BUILD), JOBS tests at a time
# (default: one per CPU); `make test` runs it on the normal build and again
# under AddressSanitizer and UndefinedBehaviorSanitizer, building with one
# compiler per CPU unless -j was given.
JOBS     ?= $(shell nproc)
PARALLEL  = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(shell nproc))
check: all $(UNIT_TESTS)
	BUILD=$(BUILD) JOBS=$(JOBS) tests/run-all.sh

test: deps
	$(MAKE) $(PARALLEL) check
	$(MAKE) $(PARALLEL) check BUILD=build/san SAN=1 OPT="-O1 -g"

demo: deps all
	scripts/demo

bench: deps all
	BENCH_PUBLISH=$${BENCH_PUBLISH:-auto} scripts/bench

SEEDS ?= 1000
fuzz: deps all
	BUILD=$(BUILD) scripts/fuzz $(SEEDS)

# The papers' evaluation tables beside ours (paper-figures/README.md):
# make paper-figures [FIG=m2-table2,...] [QUICK=1 (small bundled traces only)] [TRACES=DIR (your traces)]
# A full run (neither QUICK nor TRACES) rewrites each entry's "last run" section in its README.
.PHONY: paper-figures
paper-figures: deps all
	python3 paper-figures/figures.py $(if $(FIG),--fig $(FIG)) \
	  $(if $(QUICK),--quick --jobs 2,$(if $(TRACES),--traces $(TRACES),--update-readmes))

deps:
	@scripts/install-deps

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj $(BUILD)/rtobj -name '*.d' 2>/dev/null)

# The readers' libFuzzer target (clang); a short run is part of `make check`,
# `make fuzz-readers FUZZ_SECONDS=N` runs it longer.
FUZZ_CC      ?= clang
READER_FUZZ  := $(BUILD)/fuzz/reader_fuzz
FUZZ_SECONDS ?= 60
$(READER_FUZZ): tests/fuzz/reader_fuzz.c $(COMMON_SRC)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
	  -DRP_VERSION='"$(VERSION)"' -Ipredictors/common -o $@ $^ $(LDLIBS)
check: $(READER_FUZZ)
.PHONY: fuzz-readers
fuzz-readers: $(READER_FUZZ)
	mkdir -p $(BUILD)/fuzz/corpus $(BUILD)/fuzz/crashes
	$(READER_FUZZ) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(BUILD)/fuzz/crashes/ \
	  $(BUILD)/fuzz/corpus tests/fuzz/corpus
