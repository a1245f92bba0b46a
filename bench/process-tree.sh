#!/bin/sh
# A binary tree of processes D levels deep, each in its own session, all
# sleeping: what rp run must find and kill (make bench's harness part).
d=$1
if [ "$d" -gt 0 ]; then setsid "$0" $((d - 1)) & setsid "$0" $((d - 1)) & fi
exec sleep 1000
